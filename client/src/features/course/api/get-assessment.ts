import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type Assessment, type ContentLanguage } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const assessmentQuery = (lessonId: string, lang: ContentLanguage) => {
  const url = withLang(coursePaths.lessonAssessment(lessonId), lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<Assessment>(url) });
};

/** The questions of a lesson's assessment (never the answers), in the interface language. */
export function useAssessment(lessonId: string) {
  const lang = useContentLanguage();
  return useQuery({ ...assessmentQuery(lessonId, lang), placeholderData: (previous) => (previous?.lessonId === lessonId ? previous : undefined) });
}
