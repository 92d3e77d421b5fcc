import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringPaths } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/**
 * Removes a direct disciple from the tree; every count is fetched again. `onSuccess` is the
 * mutation's own, not `mutate`'s: the row that asked is gone once the tree is fetched again, and
 * a `mutate` callback dies with it (its toast never showed).
 */
export function useRemoveDisciple({ onSuccess }: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', mentoringPaths.disciple.replace(':id', encodeURIComponent(id))),
    onSuccess,
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.all]),
    meta: { errorToast: { title: 'mentoring:links.errorTitle', ns: 'mentoring' } },
  });
}
