/**
 * Registers the service worker (docs/decisions/044) once the page has loaded, so that its
 * precaching never competes with the screen's own downloads. Called from the part of the app a
 * visitor's landing page never loads (app/query-app.tsx). Where service workers are unavailable
 * (an old browser, a private mode, the dev server, which builds no worker) the app works online as before.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
