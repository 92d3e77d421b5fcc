import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { paths } from '#common/contracts/auth-paths.ts';
import type {
  CurrentUser,
  SetupBody,
  SignInBody,
  SignInResult,
  SignUpAccepted,
  SignUpBody,
  SignUpConfirmBody,
} from '#common/contracts/auth.ts';
import { mfaPaths, type SecondFactorBody } from '#common/contracts/security.ts';

function useSessionMutation<T>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => sendJson<CurrentUser>('POST', path, body),
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
    mutationFn: (body: SignInBody) => sendJson<SignInResult>('POST', paths.signIn, body),
    onSuccess: (result) => {
      if ('mfaRequired' in result) return;
      qc.clear();
      qc.setQueryData(currentUserQuery.queryKey, result);
    },
  });
}

/** The second step: a code from the authenticator app, or a recovery code. */
export const useSignInSecondStep = () => useSessionMutation<SecondFactorBody>(mfaPaths.signIn);
/**
 * Sign-up signs nobody in: the answer is the same for a new and a taken address, and the account is
 * made by the link mailed to it (decision 037).
 */
export const useSignUp = () => useMutation({ mutationFn: (body: SignUpBody) => sendJson<SignUpAccepted>('POST', paths.signUp, body) });
/** The sign-up mail's link: creates the account and signs this browser in. */
export const useConfirmSignUp = () => useSessionMutation<SignUpConfirmBody>(paths.signUpConfirm);
export const useCreateFounder = () => useSessionMutation<SetupBody>(paths.setup);
