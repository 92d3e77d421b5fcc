import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { consentApi } from '#common/contracts/auth-paths.ts';
import type { ParentRequestBody } from '#common/contracts/auth.ts';

import { privacyKeys } from './parent-consent.ts';

const parentRequestQuery = queryOptions({
  queryKey: privacyKeys.parentRequest,
  queryFn: () => call(consentApi.parentRequest),
  retry: false,
});

/** Where the signed-in young person's request to a parent went (while no parent has agreed). */
export const useParentRequest = () => useQuery(parentRequestQuery);

/** The mail again with a fresh link (no address), or to a corrected address; the earlier link stops working. */
export function useSendParentRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentRequestBody | null) =>
      body ? call(consentApi.updateParentRequest, { body }) : call(consentApi.parentRequestResend),
    onSuccess: (view) => qc.setQueryData(privacyKeys.parentRequest, view),
  });
}
