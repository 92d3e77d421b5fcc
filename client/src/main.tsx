import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';

import { App, prerenderedScreenReady, signedInScreenReady } from './app/app.tsx';
import { ErrorBoundary } from './components/layout/error-boundary.tsx';

import './index.css';

import { reportClientError, setBuildId } from './lib/client-errors.ts';
import i18n from './lib/i18n.ts';
import { screenState } from './lib/screen-state.ts';

// This entry script's file name tells which build the page runs (docs/decisions/069).
setBuildId(import.meta.url);

const prerendered = document.documentElement.dataset.prerendered;
const rootElement = document.getElementById('root')!;

/** Once the app's first render is on screen, the server's copy it replaced is gone: the root takes presses again (decision 084). */
function Live() {
  useLayoutEffect(() => rootElement.removeAttribute('inert'), []);
  return null;
}

/**
 * Renders the app. Replacing the server's copy of a screen, the render is a transition: that copy
 * stays on screen until the render is done, so React can render in slices that yield to the
 * browser instead of holding it in one long task.
 */
const render = ({ isReplacing = false } = {}) => {
  // The boundaries report what they catch; what escapes them all (the friendly screen itself failing) is reported here.
  const root = createRoot(rootElement, {
    onUncaughtError: (error, info) => {
      console.error(error);
      reportClientError('uncaught', error, info.componentStack);
    },
  });
  const app = () =>
    root.render(
      <StrictMode>
        <Live />
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    );
  if (isReplacing) startTransition(app);
  else app();
};

// Pages the server prerendered (docs/decisions/057). On the landing page the page is all there:
// the app only brings the WatchMoms application and the crisis lines, beside it, when the page's script asks for them. On
// the Soul Health Check the app replaces the server's copy once its first render has what it needs.
if (prerendered === 'landing') {
  void import('./features/landing/static/watchmoms-island.tsx');
  // The "hard time" answer's crisis lines for the visitor's country (decision 060).
  void import('./features/landing/static/crisis-faq-island.ts');
} else if (prerendered === 'soul-health-check') void prerenderedScreenReady(i18n).then(() => render({ isReplacing: true }));
// A signed-in screen the server rendered for this person (docs/decisions/084): the same, once the app can render it.
else if (prerendered === 'screen')
  void signedInScreenReady(i18n, screenState()?.namespaces ?? []).then(() => render({ isReplacing: true }));
else render();
