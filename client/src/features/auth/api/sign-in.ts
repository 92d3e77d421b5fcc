import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { CurrentUser, SetupBody, SignInBody, SignInResult, SignUpBody } from '../../../../../common/contracts/auth.ts';
import { mfaPaths, type SecondFactorBody } from '../../../../../common/contracts/security.ts';
import { sendJson } from '../../../lib/api.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';

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
export const useSignUp = () => useSessionMutation<SignUpBody>(paths.signUp);
export const useCreateFounder = () => useSessionMutation<SetupBody>(paths.setup);
