import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';
import { courseApi, type ContentLanguage } from '#common/contracts/course.ts';

import { courseKeys } from './keys.ts';

export const verificationQuery = (code: string, lang: ContentLanguage) =>
  queryOptions({
    queryKey: courseKeys.verification(code, { lang }),
    queryFn: () => call(courseApi.verifyCertificate, { params: { code }, query: { lang } }),
  });

/** Public check of a verification code; needs no sign-in. */
export const useCertificateVerification = (code: string) => useQuery(verificationQuery(code, useLanguage()));
