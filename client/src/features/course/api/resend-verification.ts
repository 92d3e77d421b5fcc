import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { accountApi } from '#common/contracts/auth-paths.ts';

/** Mails the signed-in user a new link to confirm their address. */
export const useResendVerification = () => useMutation({ mutationFn: () => call(accountApi.resendVerification) });
