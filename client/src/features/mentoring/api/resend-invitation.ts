import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringPaths, type Invitation } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Sends a pending invitation again (the server allows it once a day). */
export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<Invitation>('POST', mentoringPaths.invitationResend.replace(':id', encodeURIComponent(id))),
    onSettled: () => refreshAfterChange(qc, [mentoringKeys.pending]),
    meta: { errorToast: { ns: 'mentoring' } },
  });
}
