import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const certificateQuery = (courseId: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.certificate(courseId, { lang }),
    queryFn: () => call(courseApi.certificate, { params: { courseId }, query: { lang } }),
  });

/** The user's certificate: 404 while none was created yet, 403 while the course is not complete. */
export function useCertificate(courseId: string | undefined) {
  const lang = useLanguage();
  return useQuery({ ...certificateQuery(courseId ?? '', lang), enabled: !!courseId });
}
