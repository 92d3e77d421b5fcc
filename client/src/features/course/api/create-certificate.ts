import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

/** Creates the certificate (the server returns the existing one when there is one) and caches it. */
export function useCreateCertificate() {
  const qc = useQueryClient();
  const lang = useLanguage();
  return useMutation({
    mutationFn: (courseId: string) => call(courseApi.createCertificate, { params: { courseId }, query: { lang } }),
    onSuccess: (cert) => qc.setQueryData(courseKeys.certificate(cert.courseId, { lang }), cert),
  });
}
