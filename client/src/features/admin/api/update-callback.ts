import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminPaths, type CallbackItem, type CallbackUpdateBody } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Status, assignee and notes of a callback request (audited on the server). */
export function useUpdateCallback() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: { ns: 'admin' } },
    mutationFn: ({ id, ...body }: CallbackUpdateBody & { id: string }) => sendJson<CallbackItem>('PATCH', adminPaths.callback(id), body),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.callbacks.all, adminKeys.audit.all]),
  });
}
