import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { myDataApi, type DeleteAccountBody } from '#common/contracts/my-data.ts';

/** Deletes the signed-in account (the account deletion endpoint); the session ends with it. */
export const useDeleteAccount = () => useMutation({ mutationFn: (body: DeleteAccountBody) => call(myDataApi.deleteAccount, { body }) });
