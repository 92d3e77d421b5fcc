import { reportClientError } from './client-errors.ts';

/**
 * Registers the service worker (docs/decisions/044) once the page has loaded, so that its
 * precaching never competes with the screen's own downloads. Called from the part of the app a
 * visitor's landing page never loads (app/query-app.tsx). Where service workers are unavailable
 * (an old browser, a private mode, the dev server, which builds no worker) the app works online as before.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  // A refusal (a failed download, a script error, a storage quota) leaves the app online-only: the
  // console and the server's log say why (a crash report of kind `service-worker`).
  const register = () =>
    void navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch((err: unknown) => {
      console.warn('The service worker could not be installed; the app works online only.', err);
      reportClientError('service-worker', err);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
