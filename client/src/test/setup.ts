import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { checkAndResetFetchStub, installFetchStub } from './fetch-stub.ts';

// findBy*/waitFor wait up to 10 s, not 1 s: on a loaded machine the toast's code (loaded on first use) can take longer.
configure({ asyncUtilTimeout: 10_000 });

// The network first: the app's i18n (imported next, as main.tsx does) downloads its texts through it.
installFetchStub();
const { default: i18n, namespaces } = await import('../lib/i18n.ts');
const { queryClient } = await import('../lib/query-client.ts');

beforeAll(async () => {
  // Every namespace in both languages up front, so screens never wait for their texts in a test.
  await i18n.loadLanguages(['en', 'fr']);
  await i18n.loadNamespaces([...namespaces, 'validation-public', 'validation-mentoring']);
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  cleanup();
  // The app's one query client: nothing cached by one test reaches the next.
  queryClient.clear();
  localStorage.clear();
  if (i18n.resolvedLanguage !== 'en') await i18n.changeLanguage('en');
  checkAndResetFetchStub();
});
