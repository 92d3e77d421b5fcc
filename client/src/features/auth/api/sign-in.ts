import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { CurrentUser, SetupBody, SignInBody, SignUpBody } from '../../../../../common/contracts/auth.ts';
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

export const useSignIn = () => useSessionMutation<SignInBody>(paths.signIn);
export const useSignUp = () => useSessionMutation<SignUpBody>(paths.signUp);
export const useCreateFounder = () => useSessionMutation<SetupBody>(paths.setup);
