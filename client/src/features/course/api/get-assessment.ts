import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const assessmentQuery = (lessonId: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.assessment(lessonId, { lang }),
    queryFn: () => call(courseApi.lessonAssessment, { params: { id: lessonId }, query: { lang } }),
  });

/** The questions of a lesson's assessment (never the answers), in the interface language. */
export function useAssessment(lessonId: string) {
  const lang = useLanguage();
  return useQuery({
    ...assessmentQuery(lessonId, lang),
    placeholderData: (previous) => (previous?.lessonId === lessonId ? previous : undefined),
  });
}
