import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { onboardingApi, type ProfileBody } from '#common/contracts/onboarding.ts';

export const profileQuery = queryOptions({
  queryKey: ['profile'] as const,
  queryFn: () => call(onboardingApi.profile),
});

export const useProfile = () => useQuery(profileQuery);

/**
 * Saves the profile. The name shows in many places (header, dashboard, certificate, trees): every
 * query is fetched again rather than listing them from here.
 */
export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => call(onboardingApi.saveProfile, { body }),
    onSuccess: (saved) => {
      qc.setQueryData(profileQuery.queryKey, saved);
      return qc.invalidateQueries();
    },
    meta: { errorToast: { ns: 'settings' } },
  });
}
