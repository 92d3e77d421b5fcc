import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi } from '#common/contracts/admin.ts';
import type { Role } from '#common/contracts/auth.ts';

import { adminKeys } from './keys.ts';

export function useChangeRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => call(adminApi.userRole, { params: { id: userId }, body: { role } }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all, adminKeys.assignees]),
  });
}
