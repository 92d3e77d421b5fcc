import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminPaths, type RoleChangeResult } from '#common/contracts/admin.ts';
import type { Role } from '#common/contracts/auth.ts';

import { adminKeys } from './keys.ts';

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      sendJson<RoleChangeResult>('PUT', adminPaths.userRole(userId), { role }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.assignees]),
  });
}
