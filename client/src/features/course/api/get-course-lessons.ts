import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type ContentLanguage, type LessonListItem } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const courseLessonsQuery = (courseId: string, lang: ContentLanguage) => {
  const url = withLang(coursePaths.courseLessons(courseId), lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<LessonListItem[]>(url), placeholderData: keepPreviousData });
};

/** Week, title and subtitle of every lesson, in the interface language. */
export function useCourseLessons(courseId: string | undefined) {
  const lang = useContentLanguage();
  return useQuery({ ...courseLessonsQuery(courseId ?? '', lang), enabled: !!courseId });
}
