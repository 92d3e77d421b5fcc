import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prerenderedScreenReady } from './app/app.tsx';
import './index.css';
import i18n from './lib/i18n.ts';

const prerendered = document.documentElement.dataset.prerendered;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const render = () => createRoot(document.getElementById('root')!).render(app);
// The server's copy stays on screen until the app's render is done, so that render can yield to
// the browser (a transition is rendered in slices) instead of holding it in one long task.
const replacePrerendered = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(app));
};

// Pages the server prerendered (docs/decisions/057). On the landing page the page is all there:
// the app only brings the WatchMoms application, beside it, when the page's script asks for it. On
// the Soul Health Check the app replaces the server's copy once its first render has what it needs.
if (prerendered === 'landing') void import('./features/landing/static/watchmoms-island.tsx');
else if (prerendered === 'soul-health-check') void prerenderedScreenReady(i18n).then(replacePrerendered);
else render();
