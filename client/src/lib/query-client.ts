import { QueryClient } from '@tanstack/react-query';
import { getJson } from './api.ts';

/**
 * Spec defaults: no retries, no refetch on focus or by polling, cached data never goes stale.
 * The current-user query overrides staleness and focus refetch itself.
 * A query whose key is [path, params?] fetches `path` by default.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => getJson(String(queryKey[0])),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});

/** True for query keys that depend on the interface language: a `lang` parameter or a lessons path. */
export function isLanguageDependentKey(queryKey: readonly unknown[]): boolean {
  return queryKey.some(
    (part) =>
      (typeof part === 'string' && (/[?&]lang=/.test(part) || part.includes('/lessons'))) ||
      (typeof part === 'object' && part !== null && 'lang' in part),
  );
}
