import { useMutation } from '@tanstack/react-query';

import { myDataPaths, type DeleteAccountBody } from '../../../../../common/contracts/my-data.ts';
import { sendJson } from '../../../lib/api.ts';

/** Deletes the signed-in account (DELETE /api/me); the session ends with it. */
export const useDeleteAccount = () =>
  useMutation({ mutationFn: (body: DeleteAccountBody) => sendJson<void>('DELETE', myDataPaths.me, body) });
