import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type AttemptSummary } from '../../../../../common/contracts/course.ts';
import { getJson } from '../../../lib/api.ts';
import { courseKeys } from './keys.ts';

export const lessonAttemptsQuery = (lessonId: string) =>
  queryOptions({ queryKey: courseKeys.attempts(lessonId), queryFn: () => getJson<AttemptSummary[]>(coursePaths.lessonAttempts(lessonId)) });

/** The signed-in learner's own attempts at a lesson's assessment, newest first. */
export function useLessonAttempts(lessonId: string) {
  return useQuery(lessonAttemptsQuery(lessonId));
}
