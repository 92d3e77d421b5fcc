import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getJson, withLang } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { coursePaths, type ContentLanguage, type LessonListItem } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const courseLessonsQuery = (courseId: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.lessonList(courseId, { lang }),
    queryFn: () => getJson<LessonListItem[]>(withLang(coursePaths.courseLessons(courseId), lang)),
    placeholderData: keepPreviousData,
  });

/** Week, title and subtitle of every lesson, in the interface language. */
export function useCourseLessons(courseId: string | undefined) {
  const lang = useLanguage();
  return useQuery({ ...courseLessonsQuery(courseId ?? '', lang), enabled: !!courseId });
}
