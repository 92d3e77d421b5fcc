import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { consentApi } from '#common/contracts/auth-paths.ts';
import type { ParentDecisionBody } from '#common/contracts/auth.ts';

export const privacyKeys = {
  parentConsent: (token: string) => ['privacy', 'parent-consent', token] as const,
  parentRequest: ['privacy', 'parent-request'] as const,
};

const parentConsentQuery = (token: string) =>
  queryOptions({
    queryKey: privacyKeys.parentConsent(token),
    queryFn: () => call(consentApi.parentConsent, { params: { token } }),
    retry: false,
  });

/** What the parent's page is about: the young person's first name and whether consent was already given. */
export const useParentConsent = (token: string) => useQuery(parentConsentQuery(token));

/** The parent's decision: agree, or refuse / take the agreement back (the account is deleted). */
export function useParentDecision(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentDecisionBody) => call(consentApi.parentDecision, { params: { token }, body }),
    onSuccess: () => refreshAfterChange(qc, [privacyKeys.parentConsent(token)]),
  });
}
