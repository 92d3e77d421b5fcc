import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getJson, withLang } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { coursePaths, type ContentLanguage, type CourseSummary } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const coursesQuery = (lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.list({ lang }),
    queryFn: () => getJson<CourseSummary[]>(withLang(coursePaths.courses, lang)),
    placeholderData: keepPreviousData,
  });

/** The course list in the interface language; the product uses the first course. */
export const useCourses = () => useQuery(coursesQuery(useLanguage()));
