import { lazy, Suspense, use, useState } from 'react';
import { useLocation } from 'wouter';
import { BootScreen, LoadingScreen } from '../components/layout/loading-screen.tsx';
import { Toaster } from '../components/ui/toast.tsx';
// Part of the entry: a visitor's first screen needs it at once, and one script with its
// components, icons and primitives downloads on fewer connections than twenty small chunks
// (docs/decisions/048). Signed-in users download it too, as they did its preload before.
import Landing from '../features/landing/components/landing-page.tsx';
import { preloadPublicScreen } from './public-screens.ts';
import { checkVisitor } from './visitor-check.ts';

const QueryApp = lazy(() => import('./query-app.tsx'));
preloadPublicScreen(window.location.pathname);

/** Paths the landing page answers for a visitor: any but the public pages, sign-in and setup. */
const isLandingPath = (p: string) =>
  !(
    p === '/soul-health-check' || p === '/privacy' || p.startsWith('/parent-consent/') || p.startsWith('/verify/') || p === '/login' || p.startsWith('/setup/') ||
    p === '/forgot-password' || p.startsWith('/reset-password/') || p.startsWith('/verify-email/') || p.startsWith('/confirm-sign-up/') || p.startsWith('/unsubscribe/')
  );

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
 * sign-in included.
 */
function Root() {
  const [location] = useLocation();
  const [hasQueryApp, setHasQueryApp] = useState(false);
  const wantsQueryApp = hasQueryApp || !isLandingPath(location);
  if (wantsQueryApp && !hasQueryApp) setHasQueryApp(true);
  return <Suspense fallback={<LoadingScreen />}>{wantsQueryApp ? <QueryApp /> : <VisitorGate />}</Suspense>;
}

function VisitorGate() {
  const user = use(checkVisitor());
  return user ? <QueryApp /> : <Landing />;
}
