import { useMutation } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { mailPaths } from '#common/contracts/mail-paths.ts';

/** Mails the signed-in user a new link to confirm their address. */
export const useResendVerification = () =>
  useMutation({ mutationFn: () => sendJson<{ message: string }>('POST', mailPaths.resendVerification) });
