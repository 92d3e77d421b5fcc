import { lazy, Suspense, use, useContext, useState } from 'react';
import { useLocation } from 'wouter';

import { isLandingPath } from '#common/contracts/landing-paths.ts';

import { ErrorBoundary } from '../components/layout/error-boundary.tsx';
import { BootScreen, LoadingScreen } from '../components/layout/loading-screen.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { lazyReady } from '../lib/lazy-ready.ts';
import { loadLanding, preloadPublicScreen, SoulHealthCheckScreen } from './public-screens.ts';
import { ServerRender } from './server-render.ts';
import { signedInScreenAt } from './signed-in-screens.ts';
import { checkVisitor } from './visitor-check.ts';

const QueryApp = lazyReady(() => import('./query-app.tsx'));
const Landing = lazy(loadLanding);
// In the browser (the server renders signed-in screens with this module too: decision 084).
if (typeof window !== 'undefined') preloadPublicScreen(window.location.pathname);

export function App() {
  return (
    <Suspense fallback={<BootScreen />}>
      <Root />
      <Toaster />
    </Suspense>
  );
}

/**
 * A visitor opening a landing path gets the landing page without TanStack Query; anything else
 * (a signed-in user, sign-in, the public pages) loads the query app, which keeps the full route
 * switch (routes.tsx). Once loaded, the query app stays: it handles every later navigation,
 * sign-in included. Its boundary reloads when the query app's or the landing page's code is gone
 * after a deploy, and otherwise shows the friendly screen (docs/decisions/069).
 */
function Root() {
  const [location] = useLocation();
  const [hasQueryApp, setHasQueryApp] = useState(false);
  const wantsQueryApp = hasQueryApp || !isLandingPath(location);
  if (wantsQueryApp && !hasQueryApp) setHasQueryApp(true);
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<LoadingScreen />}>{wantsQueryApp ? <QueryApp /> : <VisitorGate />}</Suspense>
    </ErrorBoundary>
  );
}

function VisitorGate() {
  // On the server, the person the page is rendered for; in the browser, the page load's one check.
  const rendered = useContext(ServerRender);
  const user = rendered ? rendered.user : use(checkVisitor());
  return user ? <QueryApp /> : <Landing />;
}

type Translations = { loadNamespaces: (ns: string[]) => Promise<unknown> };

/**
 * Resolves once the query app's code and `work` (a screen's code and texts) are here, so the app's
 * first render on a page the server prerendered has all it needs. A failure resolves too: the app
 * then loads what is missing the usual way.
 */
const withQueryApp = (work: (Promise<unknown> | undefined)[]): Promise<void> =>
  Promise.all([QueryApp.load(), ...work]).then(
    () => undefined,
    () => undefined,
  );

/**
 * For a page the server prerendered (the Soul Health Check, docs/decisions/057): its first render
 * replaces the server's copy with the same screen in one go, never with a loading screen.
 */
export const prerenderedScreenReady = (i18n: Translations) =>
  withQueryApp([SoulHealthCheckScreen.load().then((screen) => i18n.loadNamespaces([...screen.soulCheckNamespaces]))]);

/**
 * For a signed-in screen the server rendered (docs/decisions/084): its code and the texts the
 * server used, so the app hydrates the server's HTML without waiting in the middle.
 */
export const signedInScreenReady = (i18n: Translations, namespaces: string[]) =>
  withQueryApp([signedInScreenAt(window.location.pathname)?.load(), i18n.loadNamespaces(namespaces)]);

/** The query app's code (the server's render of a signed-in screen loads it first). */
export const loadQueryApp = () => QueryApp.load();
