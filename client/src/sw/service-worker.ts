import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

import { authApi } from '#common/contracts/auth-paths.ts';

/**
 * The service worker (docs/decisions/044), built by vite-plugin-pwa (injectManifest): the app shell,
 * its scripts and styles and the translations are precached; the course reads a learner opened are
 * kept (network first) so that they open offline; everything else goes to the network as before.
 */
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
};

/** Course reads kept for offline use. Cleared when the learner signs out. */
const API_CACHE = 'api-reads-v1';

// A new version takes over at once: precached files are versioned, and old ones are cleaned up.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every client route opens the precached shell (online too: the shell is versioned with the build).
// API and sign-in/out navigations, and files opened directly (robots.txt), go to the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /\.[a-z0-9]+$/i] }));

// Signing out forgets the course reads this device kept for that account.
registerRoute(
  ({ url, request }) => url.pathname === authApi.logout.path && request.mode === 'navigate',
  async ({ request }) => {
    await caches.delete(API_CACHE);
    return fetch(request);
  },
);

/**
 * What a learner needs to open the dashboard, a lesson or its quiz offline: who they are, the public
 * configuration, the course, its lessons, their progress, each lesson and quiz they opened, and the
 * Pray page's settings (its prayers are in its precached code, docs/decisions/075), the 7-day
 * track's texts and days done (days are never undone, and those done offline wait in the page's own
 * outbox, docs/decisions/074). Not
 * the challenge's marks: they live in the page's own store (a stale copy must never undo a newer tick).
 */
const OFFLINE_READS = [
  /^\/api\/track(\/content)?$/,
  /^\/api\/prayer$/,
  /^\/api\/auth\/user$/,
  /^\/api\/config$/,
  /^\/api\/courses(\/[^/]+\/lessons)?$/,
  /^\/api\/progress\/[^/]+$/,
  /^\/api\/lessons\/[^/]+(\/assessment|\/attempts)?$/,
];

/** The app shows it is offline when it is given a copy (client/src/lib/connectivity.ts). */
const markOfflineCopy = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set('X-Offline-Copy', '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && OFFLINE_READS.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), markOfflineCopy],
  }),
);
