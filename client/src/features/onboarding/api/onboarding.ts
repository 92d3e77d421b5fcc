import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../../common/contracts/auth.ts';
import { onboardingPaths, type OnboardingBody } from '../../../../../common/contracts/onboarding.ts';
import { sendJson } from '../../../lib/api.ts';
import { currentUserQuery } from '../../auth/api/get-current-user.ts';

/** After either call the user is refetched, so the route switch lets them into the app. */
function useOnboardingMutation<T>(send: (body: T) => Promise<CurrentUser>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (user) => {
      qc.setQueryData(currentUserQuery.queryKey, user);
      await qc.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}

export const useCompleteOnboarding = () => useOnboardingMutation((body: OnboardingBody) => sendJson<CurrentUser>('POST', onboardingPaths.complete, body));
export const useSkipOnboarding = () => useOnboardingMutation(() => sendJson<CurrentUser>('POST', onboardingPaths.skip));
