import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { mentoringApi, type LinkRequestKind } from '#common/contracts/mentoring.ts';

import { call } from '../../lib/api.ts';
import { refreshAfterChange } from '../../lib/query-client.ts';
import { sharedKeys } from '../../lib/query-keys.ts';

/**
 * Mentoring links waiting for the user's answer, their own request and their mentor. Shown on the
 * dashboard and the disciple tree (two features), so the query lives here with its shared key.
 */
export const mentorLinksQuery = queryOptions({
  queryKey: [...sharedKeys.mentoring, 'links'] as const,
  queryFn: () => call(mentoringApi.links),
});

export const useMentorLinks = () => useQuery(mentorLinksQuery);

/** Every answer changes who is in whose tree: all mentoring data is fetched again. A failure is one toast (decision 018). */
function useMentoringMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => refreshAfterChange(qc, [sharedKeys.mentoring]),
    meta: { errorToast: { title: 'mentoring:links.errorTitle', ns: 'mentoring' } },
  });
}

export const useAnswerLink = () =>
  useMentoringMutation(({ kind, id, accept }: { kind: LinkRequestKind; id: string; accept: boolean }) =>
    call(kind === 'named-you' ? mentoringApi.answerRequest : mentoringApi.answerInvitation, { params: { id }, body: { accept } }),
  );

export const useDismissOutgoing = () => useMentoringMutation(() => call(mentoringApi.dismissOutgoing));

export const useLeaveMentor = () => useMentoringMutation(() => call(mentoringApi.leaveMentor));
