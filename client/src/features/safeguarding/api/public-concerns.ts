import { useMutation, useQuery } from '@tanstack/react-query';

import { getJson, sendJson } from '#client/lib/api.ts';
import {
  safeguardingPaths,
  type ConcernReceipt,
  type ConcernStatusView,
  type ParentConcern,
  type ParentMentorsView,
  type PublicConcern,
} from '#common/contracts/safeguarding.ts';

const withToken = (path: string, token: string) => path.replace(':token', encodeURIComponent(token));

/** The public page: anyone raises a concern. */
export const useRaisePublicConcern = () =>
  useMutation({ mutationFn: (body: PublicConcern) => sendJson<ConcernReceipt>('POST', safeguardingPaths.publicConcerns, body) });

/** A concern's status, by the link on the receipt or in the acknowledgement mail. */
export const useConcernStatus = (token: string) =>
  useQuery({
    queryKey: ['safeguarding', 'concern-status', token],
    queryFn: () => getJson<ConcernStatusView>(withToken(safeguardingPaths.concernStatus, token)),
    retry: false,
  });

/** A parent's page of their child's mentors, by the link in their mail. */
export const useParentMentors = (token: string) =>
  useQuery({
    queryKey: ['safeguarding', 'parent', token],
    queryFn: () => getJson<ParentMentorsView>(withToken(safeguardingPaths.parent, token)),
    retry: false,
  });

export const useRaiseParentConcern = (token: string) =>
  useMutation({
    mutationFn: (body: ParentConcern) => sendJson<ConcernReceipt>('POST', withToken(safeguardingPaths.parentConcerns, token), body),
  });
