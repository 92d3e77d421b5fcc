import { MutationCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import i18next from 'i18next';

import { toast } from '../components/ui/toast.tsx';
import { describeError, type AnyT, type ErrorTextOptions } from './errors.ts';

/** What a mutation's `meta` may ask of the one error handler below. */
export interface MutationMeta extends Record<string, unknown> {
  /**
   * Show a failure as a toast: `title` (a translation key, "Error" by default) and the error's
   * translated text (see `describeError`: `ns`, `fallback`, `description`, all translation keys).
   */
  errorToast?: { title?: string } & ErrorTextOptions;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** The open error toast, so that a later success of the same kind can take it away. */
let errorToast: { dismiss: () => void } | undefined;
export const dismissErrorToast = () => errorToast?.dismiss();

/** The one place where a failed mutation becomes a translated toast (mutations opt in through `meta.errorToast`). */
const mutationCache = new MutationCache({
  onError: (err, _vars, _context, mutation) => {
    const options = mutation.meta?.errorToast;
    if (!options) return;
    const t: AnyT = i18next.t.bind(i18next);
    errorToast = toast({
      variant: 'destructive',
      title: t(options.title ?? 'common:errors.title'),
      description: describeError(t, err, options),
    });
  },
});

/**
 * Spec defaults: no retries, no refetch on focus or by polling, cached data never goes stale.
 * The current-user query overrides staleness and focus refetch itself.
 */
export const queryDefaults = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
} satisfies QueryClientConfig['defaultOptions'];

export const queryClient = new QueryClient({ mutationCache, defaultOptions: queryDefaults });

/**
 * After a change the server has made (its answer means it is committed): every query under
 * `queryKeys` shows the server's state from now on. `invalidateQueries` alone does not promise that:
 * a query still on its first fetch (no data yet, such as a search just typed, shown over the previous
 * page's placeholder) is not fetched again but keeps its request in flight, which the server may have
 * answered from before the change; that answer then counts as fresh and, with `staleTime: Infinity`,
 * stays on screen (a deleted person still listed). So requests in flight are cancelled first (their
 * answers are ignored), then the queries are invalidated and the ones on screen fetched again.
 * Resolves once those fetches have settled.
 */
export async function refreshAfterChange(qc: QueryClient, queryKeys: readonly (readonly unknown[])[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => qc.cancelQueries({ queryKey, fetchStatus: 'fetching' })));
  await Promise.all(queryKeys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
