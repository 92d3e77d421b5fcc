import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type ContentLanguage, type CourseSummary } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const coursesQuery = (lang: ContentLanguage) => {
  const url = withLang(coursePaths.courses, lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<CourseSummary[]>(url), placeholderData: keepPreviousData });
};

/** The course list in the interface language; the product uses the first course. */
export const useCourses = () => useQuery(coursesQuery(useContentLanguage()));
