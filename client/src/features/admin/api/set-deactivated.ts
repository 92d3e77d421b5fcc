import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminPaths, type DeactivationResult } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Deactivates (sign-in refused, sessions ended, data kept) or reactivates an account. */
export function useSetDeactivated() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isDeactivated }: { userId: string; isDeactivated: boolean }) =>
      sendJson<DeactivationResult>('PUT', adminPaths.userDeactivation(userId), { isDeactivated }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.assignees]),
  });
}
