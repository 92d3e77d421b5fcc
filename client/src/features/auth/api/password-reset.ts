import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import type { SignInResult } from '#common/contracts/auth.ts';
import { mailPaths } from '#common/contracts/mail-paths.ts';
import type { PasswordResetBody, PasswordResetConfirmBody } from '#common/contracts/mail.ts';

/** Asks for a reset mail; the answer is the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetBody) => sendJson<{ message: string }>('POST', mailPaths.passwordReset, body) });

/**
 * Sets the new password; the server ends every session and signs this browser in, or, for an
 * account with two-step verification, answers `{ mfaRequired: true }` (the code comes next).
 */
export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) => sendJson<SignInResult>('POST', mailPaths.passwordResetConfirm, body),
    onSuccess: (result) => {
      if ('mfaRequired' in result) return;
      qc.clear();
      qc.setQueryData(currentUserQuery.queryKey, result);
    },
  });
}

export const useVerifyEmail = () =>
  useMutation({ mutationFn: (token: string) => sendJson<void>('POST', mailPaths.verifyEmail, { token }) });
