import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Deactivates (sign-in refused, sessions ended, data kept) or reactivates an account. */
export function useSetDeactivated() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isDeactivated }: { userId: string; isDeactivated: boolean }) =>
      call(adminApi.userDeactivation, { params: { id: userId }, body: { isDeactivated } }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.assignees]),
  });
}
