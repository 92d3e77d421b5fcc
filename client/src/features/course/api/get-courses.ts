import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const coursesQuery = (lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.list({ lang }),
    queryFn: () => call(courseApi.courses, { query: { lang } }),
    placeholderData: keepPreviousData,
  });

/** The course list in the interface language; the product uses the first course. */
export const useCourses = () => useQuery(coursesQuery(useLanguage()));
