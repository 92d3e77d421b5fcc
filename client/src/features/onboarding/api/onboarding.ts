import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { refreshAfterChange, type MutationMeta } from '#client/lib/query-client.ts';
import type { CurrentUser } from '#common/contracts/auth.ts';
import { onboardingApi, type OnboardingBody } from '#common/contracts/onboarding.ts';

/**
 * After either call the user is stored and refetched, so the route switch lets them into the app.
 * `onDone` runs first, from the mutation itself: the onboarding screen unmounts as soon as the
 * user changes, and callbacks given to `mutate` would be dropped with it.
 */
function useOnboardingMutation<T>(send: (body: T) => Promise<CurrentUser>, onDone: (user: CurrentUser) => void, meta: MutationMeta) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta,
    onSuccess: async (user) => {
      onDone(user);
      qc.setQueryData(currentUserQuery.queryKey, user);
      await refreshAfterChange(qc, [currentUserQuery.queryKey]);
    },
  });
}

export const useCompleteOnboarding = (onDone: (user: CurrentUser) => void) =>
  useOnboardingMutation((body: OnboardingBody) => call(onboardingApi.complete, { body }), onDone, {
    errorToast: { title: 'onboarding:errorTitle', fallback: 'onboarding:failed' },
  });
export const useSkipOnboarding = (onDone: (user: CurrentUser) => void) =>
  useOnboardingMutation(() => call(onboardingApi.skip), onDone, {
    errorToast: { title: 'onboarding:errorTitle' },
  });
