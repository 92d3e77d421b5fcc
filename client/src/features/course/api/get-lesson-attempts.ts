import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type AttemptSummary } from '../../../../../common/contracts/course.ts';
import { getJson } from '../../../lib/api.ts';

export const lessonAttemptsQuery = (lessonId: string) => {
  const url = coursePaths.lessonAttempts(lessonId);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<AttemptSummary[]>(url) });
};

/** Is this query key a lesson's attempts list (refetched after every submit)? */
export const isAttemptsKey = (key: readonly unknown[]) => typeof key[0] === 'string' && /^\/api\/lessons\/[^/?]+\/attempts$/.test(key[0]);

/** The signed-in learner's own attempts at a lesson's assessment, newest first. */
export function useLessonAttempts(lessonId: string) {
  return useQuery(lessonAttemptsQuery(lessonId));
}
