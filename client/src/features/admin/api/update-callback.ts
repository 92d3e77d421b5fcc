import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi, type CallbackUpdateBody } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Status, assignee and notes of a callback request (audited on the server). */
export function useUpdateCallback() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: { ns: 'admin' } },
    mutationFn: ({ id, ...body }: CallbackUpdateBody & { id: string }) => call(adminApi.updateCallback, { params: { id }, body }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.callbacks.all, adminKeys.audit.all]),
  });
}
