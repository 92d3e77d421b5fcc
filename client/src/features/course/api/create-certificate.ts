import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coursePaths, type Certificate } from '../../../../../common/contracts/course.ts';
import { sendJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';
import { certificateQuery } from './get-certificate.ts';

/** Creates the certificate (the server returns the existing one when there is one) and caches it. */
export function useCreateCertificate() {
  const qc = useQueryClient();
  const lang = useContentLanguage();
  return useMutation({
    mutationFn: (courseId: string) => sendJson<Certificate>('POST', withLang(coursePaths.certificate(courseId), lang)),
    onSuccess: (cert) => qc.setQueryData(certificateQuery(cert.courseId, lang).queryKey, cert),
  });
}
