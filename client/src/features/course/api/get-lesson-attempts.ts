import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { courseApi } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

/** Attempts the lesson page shows: the newest few (the list is paged, docs/decisions/073). */
export const ATTEMPTS_SHOWN = 5;

export const lessonAttemptsQuery = (lessonId: string) =>
  queryOptions({
    queryKey: courseKeys.attempts(lessonId),
    queryFn: () => call(courseApi.lessonAttempts, { params: { id: lessonId }, query: { limit: ATTEMPTS_SHOWN } }),
  });

/** The signed-in learner's newest attempts at a lesson's assessment, how many there are, and any pause. */
export function useLessonAttempts(lessonId: string) {
  return useQuery(lessonAttemptsQuery(lessonId));
}
