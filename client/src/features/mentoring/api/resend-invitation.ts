import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Sends a pending invitation again (the server allows it once a day). */
export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(mentoringApi.resendInvitation, { params: { id } }),
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.pending]),
    meta: { errorToast: { ns: 'mentoring' } },
  });
}
