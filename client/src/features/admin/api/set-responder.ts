import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Marks someone as a responder (mailed about callback requests), or not. */
export function useSetResponder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isResponder }: { userId: string; isResponder: boolean }) =>
      call(adminApi.userResponder, { params: { id: userId }, body: { isResponder } }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.users.all, adminKeys.audit.all]),
    meta: { errorToast: { ns: 'admin' } },
  });
}
