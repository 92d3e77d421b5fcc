import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Erases an account and its personal data (the server's account erasure, as a person deleting their own). */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(adminApi.deleteUser, { params: { id: userId } }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.all]),
  });
}
