import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi, type ApplicationDecision } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Approve (the applicant becomes an ambassador) or decline; the directory, stats and team change too. */
export function useDecideApplication() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: { ns: 'admin' } },
    mutationFn: ({ id, decision }: { id: string; decision: ApplicationDecision }) =>
      call(adminApi.decideApplication, { params: { id }, body: { decision } }),
    onSuccess: () =>
      refreshAfterChange(qc, [adminKeys.applications.all, adminKeys.audit.all, adminKeys.users.all, adminKeys.stats, adminKeys.assignees]),
  });
}
