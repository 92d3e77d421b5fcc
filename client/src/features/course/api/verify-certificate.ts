import { queryOptions, useQuery } from '@tanstack/react-query';
import { coursePaths, type CertificateVerification, type ContentLanguage } from '../../../../../common/contracts/course.ts';
import { getJson, withLang } from '../../../lib/api.ts';
import { useContentLanguage } from '../hooks/use-content-language.ts';

export const verificationQuery = (code: string, lang: ContentLanguage) => {
  const url = withLang(coursePaths.verifyCertificate(code), lang);
  return queryOptions({ queryKey: [url], queryFn: () => getJson<CertificateVerification>(url) });
};

/** Public check of a verification code; needs no sign-in. */
export const useCertificateVerification = (code: string) => useQuery(verificationQuery(code, useContentLanguage()));
