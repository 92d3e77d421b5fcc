import { useMutation, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { safeguardingApi, type ParentConcern, type PublicConcern } from '#common/contracts/safeguarding.ts';

/** The public page: anyone raises a concern. */
export const useRaisePublicConcern = () =>
  useMutation({ mutationFn: (body: PublicConcern) => call(safeguardingApi.raisePublicConcern, { body }) });

/** A concern's status, by the link on the receipt or in the acknowledgement mail. */
export const useConcernStatus = (token: string) =>
  useQuery({
    queryKey: ['safeguarding', 'concern-status', token],
    queryFn: () => call(safeguardingApi.concernStatus, { params: { token } }),
    retry: false,
  });

/** A parent's page of their child's mentors, by the link in their mail. */
export const useParentMentors = (token: string) =>
  useQuery({
    queryKey: ['safeguarding', 'parent', token],
    queryFn: () => call(safeguardingApi.parentMentors, { params: { token } }),
    retry: false,
  });

export const useRaiseParentConcern = (token: string) =>
  useMutation({
    mutationFn: (body: ParentConcern) => call(safeguardingApi.raiseParentConcern, { params: { token }, body }),
  });
