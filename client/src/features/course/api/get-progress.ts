import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { courseApi } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const progressQuery = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.progress(courseId), queryFn: () => call(courseApi.progress, { params: { courseId } }) });

/** The signed-in user's progress in the course; waits until the course id is known. */
export const useProgress = (courseId: string | undefined) => useQuery({ ...progressQuery(courseId ?? ''), enabled: !!courseId });
