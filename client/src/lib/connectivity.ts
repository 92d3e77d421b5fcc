import { urlOf } from '#common/contracts/endpoint.ts';
import { healthApi } from '#common/contracts/health.ts';

/**
 * Whether the app can reach the server. `navigator.onLine` alone is not enough: a phone on a weak
 * network says "online" while nothing arrives, and answers the service worker takes from its copy
 * look like success. So: the browser's online/offline events, a request that fails to reach the
 * server, or an answer marked `X-Offline-Copy` by the service worker mean offline; while offline,
 * the server's liveness probe is asked every 5 s, and any real answer means back online.
 */
const listeners = new Set<() => void>();
let offline = typeof navigator !== 'undefined' && !navigator.onLine;
let probe: ReturnType<typeof setInterval> | undefined;

function set(isNowOffline: boolean) {
  if (isNowOffline === offline) return;
  offline = isNowOffline;
  if (offline) startProbe();
  else {
    clearInterval(probe);
    probe = undefined;
  }
  listeners.forEach((l) => l());
}

function startProbe() {
  if (probe) return;
  probe = setInterval(() => {
    fetch(urlOf(healthApi.health), { cache: 'no-store' }).then(
      (res) => res.ok && set(false),
      () => {},
    );
  }, 5000);
}

export const isOffline = () => offline;
export const reportOffline = () => set(true);
export const reportOnline = () => set(false);

export function subscribeConnectivity(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Runs `fn` each time the connection comes back. */
export function onReconnect(fn: () => void) {
  return subscribeConnectivity(() => {
    if (!offline) fn();
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(false));
  window.addEventListener('offline', () => set(true));
  if (offline) startProbe();
}
