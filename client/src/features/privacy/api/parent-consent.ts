import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { getJson, sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { paths } from '#common/contracts/auth-paths.ts';
import type { ParentConsentView, ParentDecisionBody, ParentDecisionResult } from '#common/contracts/auth.ts';

export const privacyKeys = {
  parentConsent: (token: string) => ['privacy', 'parent-consent', token] as const,
  parentRequest: ['privacy', 'parent-request'] as const,
};

const parentConsentQuery = (token: string) =>
  queryOptions({
    queryKey: privacyKeys.parentConsent(token),
    queryFn: () => getJson<ParentConsentView>(`${paths.parentConsent}/${encodeURIComponent(token)}`),
    retry: false,
  });

/** What the parent's page is about: the young person's first name and whether consent was already given. */
export const useParentConsent = (token: string) => useQuery(parentConsentQuery(token));

/** The parent's decision: agree, or refuse / take the agreement back (the account is deleted). */
export function useParentDecision(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentDecisionBody) =>
      sendJson<ParentDecisionResult>('POST', `${paths.parentConsent}/${encodeURIComponent(token)}`, body),
    onSuccess: () => refreshAfterChange(qc, [privacyKeys.parentConsent(token)]),
  });
}
