import { startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';

import { prerenderedScreenReady, signedInScreenReady } from './app/app.tsx';
import { ClientRoot } from './app/client-root.tsx';

import './index.css';

import { reportClientError, setBuildId } from './lib/client-errors.ts';
import i18n from './lib/i18n.ts';
import { screenState } from './lib/screen-state.ts';
import { prepareClassMerge } from './lib/utils.ts';

// This entry script's file name tells which build the page runs (docs/decisions/069).
setBuildId(import.meta.url);

const prerendered = document.documentElement.dataset.prerendered;
const rootElement = document.getElementById('root')!;

const options: RootOptions = {
  // The boundaries report what they catch; what escapes them all (the friendly screen itself failing) is reported here.
  onUncaughtError: (error, info) => {
    console.error(error);
    reportClientError('uncaught', error, info.componentStack);
  },
  // Not a crash: the browser's first render of a signed-in screen differed from the server's (a
  // date in another time zone), and React rendered that part anew (decision 084).
  onRecoverableError: (error) => console.warn('The screen was rendered again in the browser:', error),
};

/** Lets the browser paint and answer presses before the next piece of start-up work. */
function nextTask() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/**
 * Renders the app. Replacing the server's copy of a screen, the render is a transition: that copy
 * stays on screen until the render is done, so React can render in slices that yield to the
 * browser instead of holding it in one long task.
 */
const render = ({ isReplacing = false } = {}) => {
  const root = createRoot(rootElement, options);
  if (isReplacing) startTransition(() => root.render(<ClientRoot />));
  else root.render(<ClientRoot />);
};

// Pages the server prerendered (docs/decisions/057). On the landing page the page is all there:
// the app only brings the WatchMoms application and the crisis lines, beside it, when the page's script asks for them. On
// the Soul Health Check the app replaces the server's copy once its first render has what it needs.
if (prerendered === 'landing') {
  void import('./features/landing/static/watchmoms-island.tsx');
  // The "hard time" answer's crisis lines for the visitor's country (decision 060).
  void import('./features/landing/static/crisis-faq-island.ts');
} else if (prerendered === 'soul-health-check') void prerenderedScreenReady(i18n).then(() => render({ isReplacing: true }));
// A signed-in screen the server rendered for this person from the same tree (docs/decisions/084):
// the app takes over its HTML (hydration, in a transition so it yields to the browser) once its
// code, texts and data are here, instead of building the page again. Where the browser's first
// render differs (a time shown in another time zone), React renders that part anew. Each step is
// a task of its own, so none holds a slow phone for long (issue 29).
else if (prerendered === 'screen')
  void signedInScreenReady(i18n, screenState()?.namespaces ?? [])
    .then(nextTask)
    .then(prepareClassMerge)
    .then(nextTask)
    .then(() =>
      startTransition(() => {
        hydrateRoot(rootElement, <ClientRoot />, options);
      }),
    );
else render();
