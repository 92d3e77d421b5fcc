import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mentoringPaths } from '../../../../../common/contracts/mentoring.ts';
import { sendJson } from '../../../lib/api.ts';
import { refreshAfterChange } from '../../../lib/query-client.ts';
import { adminKeys } from './keys.ts';

/** Sets (or clears, with null) the mentor of someone who asked for one; the directory's counts, the audit log and their current mentor change. */
export function useSetMentor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mentorEmail }: { userId: string; mentorEmail: string | null }) =>
      sendJson<void>('PUT', mentoringPaths.adminMentor.replace(':id', encodeURIComponent(userId)), { mentorEmail }),
    onSuccess: (_, { userId }) => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.mentor(userId)]),
  });
}
