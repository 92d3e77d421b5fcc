import { StrictMode, useLayoutEffect } from 'react';

import { ErrorBoundary } from '../components/layout/error-boundary.tsx';
import { App } from './app.tsx';

/**
 * Once the app's first render is on screen (hydrating the server's copy of a screen or replacing
 * it), the root takes presses again: the server sends it inert (docs/decisions/084).
 */
function Live() {
  useLayoutEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}

/** Everything the root element holds: the same tree in the browser (main.tsx) and on the server (render-signed-in.tsx). */
export function ClientRoot() {
  return (
    <StrictMode>
      <Live />
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>
  );
}
