import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaths, type WatchmomsItem, type WatchmomsUpdateBody } from '../../../../../common/contracts/admin.ts';
import { sendJson } from '../../../lib/api.ts';

/** Status and notes of a WatchMoms application (audited on the server). */
export function useUpdateWatchmoms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WatchmomsUpdateBody & { id: string }) => sendJson<WatchmomsItem>('PATCH', adminPaths.watchmomsItem(id), body),
    onSuccess: () => Promise.all([adminPaths.watchmoms, adminPaths.audit].map((p) => qc.invalidateQueries({ queryKey: [p] }))),
  });
}
