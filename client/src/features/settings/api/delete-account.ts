import { useMutation } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { myDataPaths, type DeleteAccountBody } from '#common/contracts/my-data.ts';

/** Deletes the signed-in account (DELETE /api/me); the session ends with it. */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountBody) => sendJson<void>('DELETE', myDataPaths.me, body) });
