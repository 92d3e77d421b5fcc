import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { adminApi, type WatchmomsUpdateBody } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** Status and notes of a WatchMoms application (audited on the server). */
export function useUpdateWatchmoms() {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorToast: { ns: 'admin' } },
    mutationFn: ({ id, ...body }: WatchmomsUpdateBody & { id: string }) => call(adminApi.updateWatchmoms, { params: { id }, body }),
    onSuccess: () => refreshAfterChange(qc, [adminKeys.watchmoms.all, adminKeys.audit.all]),
  });
}
