import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type Certificate, type ContentLanguage } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const certificateQuery = (courseId: string, lang: ContentLanguage) => {
  const url = withLang(coursePaths.certificate(courseId), lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<Certificate>(url) });
};

/** The user's certificate: 404 while none was created yet, 403 while the course is not complete. */
export function useCertificate(courseId: string | undefined) {
  const lang = useContentLanguage();
  return useQuery({ ...certificateQuery(courseId ?? '', lang), enabled: !!courseId });
}
