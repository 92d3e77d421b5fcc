import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { mentoringPaths } from '#common/contracts/mentoring-paths.ts';
import type { LinkRequestKind, MentorLinks } from '#common/contracts/mentoring.ts';

import { getJson, sendJson } from '../../lib/api.ts';
import { refreshAfterChange } from '../../lib/query-client.ts';
import { sharedKeys } from '../../lib/query-keys.ts';

/**
 * Mentoring links waiting for the user's answer, their own request and their mentor. Shown on the
 * dashboard and the disciple tree (two features), so the query lives here with its shared key.
 */
export const mentorLinksQuery = queryOptions({
  queryKey: [...sharedKeys.mentoring, 'links'] as const,
  queryFn: () => getJson<MentorLinks>(mentoringPaths.links),
});

export const useMentorLinks = () => useQuery(mentorLinksQuery);

const pathOf = (kind: LinkRequestKind, id: string) =>
  (kind === 'named-you' ? mentoringPaths.linkRequest : mentoringPaths.linkInvitation).replace(':id', encodeURIComponent(id));

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
    sendJson('POST', pathOf(kind, id), { accept }),
  );

export const useDismissOutgoing = () => useMentoringMutation(() => sendJson('DELETE', mentoringPaths.outgoing));

export const useLeaveMentor = () => useMentoringMutation(() => sendJson('DELETE', mentoringPaths.mentor));
