import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson, withLang } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { coursePaths, type Assessment, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const assessmentQuery = (lessonId: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.assessment(lessonId, { lang }),
    queryFn: () => getJson<Assessment>(withLang(coursePaths.lessonAssessment(lessonId), lang)),
  });

/** The questions of a lesson's assessment (never the answers), in the interface language. */
export function useAssessment(lessonId: string) {
  const lang = useLanguage();
  return useQuery({
    ...assessmentQuery(lessonId, lang),
    placeholderData: (previous) => (previous?.lessonId === lessonId ? previous : undefined),
  });
}
