import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { accountApi } from '#common/contracts/auth-paths.ts';
import type { PasswordResetBody, PasswordResetConfirmBody } from '#common/contracts/mail.ts';

/** Asks for a reset mail; the answer is the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (body: PasswordResetBody) => call(accountApi.passwordReset, { body }) });

/**
 * Sets the new password; the server ends every session and signs this browser in, or, for an
 * account with two-step verification, answers `{ mfaRequired: true }` (the code comes next).
 */
export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    // 200 with the user, or 202 with the second step's challenge.
    mutationFn: (body: PasswordResetConfirmBody) => call(accountApi.passwordResetConfirm, { body }),
    onSuccess: (result) => {
      if ('mfaRequired' in result) return;
      qc.clear();
      qc.setQueryData(currentUserQuery.queryKey, result);
    },
  });
}

export const useVerifyEmail = () => useMutation({ mutationFn: (token: string) => call(accountApi.verifyEmail, { body: { token } }) });
