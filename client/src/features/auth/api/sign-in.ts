import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { authApi } from '#common/contracts/auth-paths.ts';
import type { CurrentUser, SetupBody, SignInBody, SignUpBody, SignUpConfirmBody } from '#common/contracts/auth.ts';
import { mfaApi, type SecondFactorBody } from '#common/contracts/security.ts';

/** A call whose answer is the signed-in user. */
function useSessionMutation<T>(send: (body: T) => Promise<CurrentUser>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Everything cached belonged to the previous visitor.
    onSuccess: (user) => {
      qc.clear();
      qc.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}

/** The password step: signed in, or `{ mfaRequired: true }` when a code from the app comes next. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    // 200 with the user, or 202 with the second step's challenge.
    mutationFn: (body: SignInBody) => call(authApi.signIn, { body }),
    onSuccess: (result) => {
      if ('mfaRequired' in result) return;
      qc.clear();
      qc.setQueryData(currentUserQuery.queryKey, result);
    },
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export const useSignInSecondStep = () => useSessionMutation((body: SecondFactorBody) => call(mfaApi.signIn, { body }));
/**
 * Sign-up signs nobody in: the answer is the same for a new and a taken address, and the account is
 * made by the link mailed to it (decision 037).
 */
export const useSignUp = () => useMutation({ mutationFn: (body: SignUpBody) => call(authApi.signUp, { body }) });
/** The sign-up mail's link: creates the account and signs this browser in. */
export const useConfirmSignUp = () => useSessionMutation((body: SignUpConfirmBody) => call(authApi.signUpConfirm, { body }));
export const useCreateFounder = () => useSessionMutation((body: SetupBody) => call(authApi.setup, { body }));
