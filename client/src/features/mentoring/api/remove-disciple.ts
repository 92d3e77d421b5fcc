import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/**
 * Removes a direct disciple from the tree; every count is fetched again. `onSuccess` is the
 * mutation's own, not `mutate`'s: the row that asked is gone once the tree is fetched again, and
 * a `mutate` callback dies with it (its toast never showed).
 */
export function useRemoveDisciple({ onSuccess }: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mentoringApi.removeDisciple, { params: { id } }),
    onSuccess,
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.all]),
    meta: { errorToast: { title: 'mentoring:links.errorTitle', ns: 'mentoring' } },
  });
}
