import { StrictMode } from 'react';

import { ErrorBoundary } from '../components/layout/error-boundary.tsx';
import { App } from './app.tsx';

/** Everything the root element holds: the same tree in the browser (main.tsx) and on the server (render-signed-in.tsx). */
export function ClientRoot() {
  return (
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>
  );
}
