import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { safeguardingApi as api, type ApproveMentor } from '#common/contracts/safeguarding.ts';
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

export const useConcerns = () => useQuery({ queryKey: safeguardingKeys.concerns, queryFn: () => call(api.adminConcerns) });
/** Opening a concern is recorded (and stops its 24-hour clock). */
export const useConcern = (id: string | null) =>
  useQuery({
    queryKey: safeguardingKeys.concern(id ?? ''),
    queryFn: () => call(api.adminConcern, { params: { id: id! } }),
    enabled: !!id,
  });
export const useMentors = () => useQuery({ queryKey: safeguardingKeys.mentors, queryFn: () => call(api.adminMentors) });
export const useAdultMinorLinks = () => useQuery({ queryKey: safeguardingKeys.links, queryFn: () => call(api.adminLinks) });
export const useSafeguardingAudit = () => useQuery({ queryKey: safeguardingKeys.audit, queryFn: () => call(api.adminAudit) });

function useSafeguardingMutation<T>(mutationFn: (v: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => refreshAfterChange(qc, [safeguardingKeys.all]),
    meta: { errorToast: { ns: 'admin' } },
  });
}

export const useApproveMentor = () => useSafeguardingMutation((body: ApproveMentor) => call(api.approveMentor, { body }));
export const useRevokeApproval = () => useSafeguardingMutation((id: string) => call(api.revokeApproval, { params: { id } }));
export const usePauseLink = () => useSafeguardingMutation((discipleId: string) => call(api.pauseLink, { params: { id: discipleId } }));
export const useResumeLink = () => useSafeguardingMutation((discipleId: string) => call(api.resumeLink, { params: { id: discipleId } }));
export const useSetConcernStatus = () =>
  useSafeguardingMutation(({ id, status }: { id: string; status: ConcernStatus }) =>
    call(api.setConcernStatus, { params: { id }, body: { status } }),
  );
export const useSetSafeguardingLead = () =>
  useSafeguardingMutation(({ userId, isSafeguardingLead }: { userId: string; isSafeguardingLead: boolean }) =>
    call(api.setLead, { params: { id: userId }, body: { isSafeguardingLead } }),
  );
