import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentoringPaths } from '../../../../../common/contracts/mentoring.ts';
import { sendJson } from '../../../lib/api.ts';
import { mentoringKeys } from './keys.ts';
import { refreshAfterChange } from '../../../lib/query-client.ts';

/** Removes a direct disciple from the tree; every count is fetched again. */
export function useRemoveDisciple() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<void>('DELETE', mentoringPaths.disciple.replace(':id', encodeURIComponent(id))),
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.all]),
    meta: { errorToast: { title: 'mentoring:links.errorTitle', ns: 'mentoring' } },
  });
}
