import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Withdraws a pending invitation. `onSuccess` is the mutation's own: it runs even though the invitation's row is gone once the list is fetched again. */
export function useCancelInvitation({ onSuccess }: { onSuccess?: () => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mentoringApi.cancelInvitation, { params: { id } }),
    onSuccess,
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.all]),
    meta: { errorToast: { ns: 'mentoring' } },
  });
}
