import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

import { clearToasts, toastTiming } from '../components/ui/toast.tsx';
import { checkAndResetFetchStub, installFetchStub } from './fetch-stub.ts';

// findBy*/waitFor wait up to 30 s, not 1 s: a ceiling, not a delay (a passing wait ends when its
// state is there). On a loaded machine the toast's code (loaded on first use) can take longer than 1 s,
// and at load average 30 (a CI run beside a second `npm test`) a directory change took over 10 s to
// reach the screen (issue 30). The test timeout (vitest.config.ts) stays above it.
configure({ asyncUtilTimeout: 30_000 });

// A toast stays until it is dismissed: its 5 s run on the wall clock, and at load average 30 a click
// can return after the toast it caused has closed again (issue 30: the assessment's and the
// directory's toasts). What a toast says, and that it shows, is what these tests look at.
toastTiming.duration = Infinity;

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
  clearToasts();
  // The app's one query client: nothing cached by one test reaches the next.
  queryClient.clear();
  localStorage.clear();
  if (i18n.resolvedLanguage !== 'en') await i18n.changeLanguage('en');
  checkAndResetFetchStub();
});
