import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { getJson, sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import {
  safeguardingPaths as paths,
  type ApproveMentor,
  type ConcernDetail,
  type ConcernList,
  type SafeguardingAudit,
  type SafeguardingLinks,
  type SafeguardingMentors,
} from '#common/contracts/safeguarding.ts';
import type { ConcernStatus } from '#common/domain/safeguarding.ts';

/** The Safeguarding tab's queries (issue 25): concerns, mentors, adult-minor links, decisions. */
export const safeguardingKeys = {
  all: ['admin', 'safeguarding'] as const,
  concerns: ['admin', 'safeguarding', 'concerns'] as const,
  concern: (id: string) => ['admin', 'safeguarding', 'concerns', id] as const,
  mentors: ['admin', 'safeguarding', 'mentors'] as const,
  links: ['admin', 'safeguarding', 'links'] as const,
  audit: ['admin', 'safeguarding', 'audit'] as const,
};
const withId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const useConcerns = () =>
  useQuery({ queryKey: safeguardingKeys.concerns, queryFn: () => getJson<ConcernList>(paths.adminConcerns) });
/** Opening a concern is recorded (and stops its 24-hour clock). */
export const useConcern = (id: string | null) =>
  useQuery({
    queryKey: safeguardingKeys.concern(id ?? ''),
    queryFn: () => getJson<ConcernDetail>(withId(paths.adminConcern, id!)),
    enabled: !!id,
  });
export const useMentors = () =>
  useQuery({ queryKey: safeguardingKeys.mentors, queryFn: () => getJson<SafeguardingMentors>(paths.adminMentors) });
export const useAdultMinorLinks = () =>
  useQuery({ queryKey: safeguardingKeys.links, queryFn: () => getJson<SafeguardingLinks>(paths.adminLinks) });
export const useSafeguardingAudit = () =>
  useQuery({ queryKey: safeguardingKeys.audit, queryFn: () => getJson<SafeguardingAudit>(paths.adminAudit) });

function useSafeguardingMutation<T>(mutationFn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshAfterChange(qc, [safeguardingKeys.all]),
    meta: { errorToast: { ns: 'admin' } },
  });
}

export const useApproveMentor = () => useSafeguardingMutation((body: ApproveMentor) => sendJson('POST', paths.adminApprovals, body));
export const useRevokeApproval = () => useSafeguardingMutation((id: string) => sendJson('DELETE', withId(paths.adminApproval, id)));
export const usePauseLink = () =>
  useSafeguardingMutation((discipleId: string) => sendJson('POST', withId(paths.adminLinkPause, discipleId)));
export const useResumeLink = () =>
  useSafeguardingMutation((discipleId: string) => sendJson('POST', withId(paths.adminLinkResume, discipleId)));
export const useSetConcernStatus = () =>
  useSafeguardingMutation(({ id, status }: { id: string; status: ConcernStatus }) =>
    sendJson('PATCH', withId(paths.adminConcern, id), { status }),
  );
export const useSetSafeguardingLead = () =>
  useSafeguardingMutation(({ userId, isSafeguardingLead }: { userId: string; isSafeguardingLead: boolean }) =>
    sendJson('PUT', withId(paths.adminLead, userId), { isSafeguardingLead }),
  );
