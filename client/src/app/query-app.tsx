import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';

import { OfflineBanner } from '../components/layout/offline-banner.tsx';
import { currentUserQuery } from '../lib/current-user.ts';
import i18n from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { isLanguageDependentKey } from '../lib/query-keys.ts';
import { screenState } from '../lib/screen-state.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { followLanguageOnAccount } from './account-language.ts';
import { AppRoutes } from './routes.tsx';
import { ServerRender } from './server-render.ts';
import { firstVisitorAnswer } from './visitor-check.ts';

function startInBrowser() {
  // Queries keyed by language reload in the new language. The first language i18next settles on
  // while it starts is no change: the queries are already in it (a screen the server rendered
  // brings them in the page's language), and reloading them all then asked for every read again.
  i18n.on('languageChanged', (lng) => {
    if (i18n.isInitialized) void queryClient.invalidateQueries({ predicate: (q) => isLanguageDependentKey(q.queryKey) });
    void followLanguageOnAccount(lng);
  });

  // Installable and offline from here on (a visitor's landing page never loads this module).
  registerServiceWorker();

  // Start from what the page load already has: a screen the server rendered, the data it was
  // rendered from (docs/decisions/084); otherwise the first "who is this?" (not asked again:
  // lib/current-user.ts).
  const rendered = screenState();
  if (rendered) hydrate(queryClient, rendered.queries);
  const first = firstVisitorAnswer();
  if (first) queryClient.setQueryData(currentUserQuery.queryKey, first.user);
}

// What comes above is for the browser's page; the server renders signed-in screens with this module
// too, each with its own query client (docs/decisions/084), and must not touch the browser's.
if (typeof window !== 'undefined') startInBrowser();

/** Everything that reads the API through TanStack Query: signed-in screens, sign-in, public forms. */
export default function QueryApp() {
  return (
    <QueryClientProvider client={useContext(ServerRender)?.queryClient ?? queryClient}>
      <AppRoutes />
      <OfflineBanner />
    </QueryClientProvider>
  );
}
