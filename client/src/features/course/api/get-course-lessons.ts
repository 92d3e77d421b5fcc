import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const courseLessonsQuery = (courseId: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.lessonList(courseId, { lang }),
    queryFn: () => call(courseApi.courseLessons, { params: { courseId }, query: { lang } }),
    placeholderData: keepPreviousData,
  });

/** Week, title and subtitle of every lesson, in the interface language. */
export function useCourseLessons(courseId: string | undefined) {
  const lang = useLanguage();
  return useQuery({ ...courseLessonsQuery(courseId ?? '', lang), enabled: !!courseId });
}
