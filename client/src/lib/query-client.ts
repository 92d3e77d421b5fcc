import { MutationCache, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { toast } from '../components/ui/toast.tsx';
import { describeError, type ErrorTextOptions } from './errors.ts';

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
    const t = i18next.t.bind(i18next);
    errorToast = toast({ variant: 'destructive', title: t(options.title ?? 'common:errors.title'), description: describeError(t, err, options) });
  },
});

/**
 * Spec defaults: no retries, no refetch on focus or by polling, cached data never goes stale.
 * The current-user query overrides staleness and focus refetch itself.
 */
export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
