import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { adminKeys } from './keys.ts';

/** Asks someone to accept a mentor (or clears their mentor, with null); the directory's counts, the audit log and their current mentor follow. */
export function useSetMentor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mentorEmail }: { userId: string; mentorEmail: string | null }) =>
      call(mentoringApi.setAdminMentor, { params: { id: userId }, body: { mentorEmail } }),
    onSuccess: (_, { userId }) => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.mentor(userId)]),
  });
}
