import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminPaths } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Erases an account and its personal data (the server's account erasure, as a person deleting their own). */
export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => sendJson<void>('DELETE', adminPaths.user(userId)),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.all]),
  });
}
