import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useDates } from '#client/lib/dates.ts';
import type { Certificate } from '#common/contracts/course.ts';

import type { CertificateInput } from '../utils/certificate-layout.ts';

/** Everything the certificate design needs, in the reader's language. */
export function useCertificateInput(cert: Certificate | undefined): CertificateInput | undefined {
  const { t } = useTranslation('course');
  const { date: formatDate } = useDates();
  return useMemo(() => {
    if (!cert) return undefined;
    return {
      name: cert.certificateData.name,
      courseTitle: cert.courseTitle,
      dateText: formatDate(cert.completedAt),
      verificationUrl: cert.verificationUrl,
      labels: {
        brand: t('certificate.sheet.brand'),
        title: t('certificate.sheet.title'),
        presented: t('certificate.sheet.presented'),
        completed: t('certificate.sheet.completed'),
        verse: t('quote', { text: t('certificate.sheet.verse') }),
        verseRef: t('certificate.sheet.verseRef'),
        dateLabel: t('certificate.sheet.dateLabel'),
        signature: t('certificate.sheet.signature'),
        signatureLabel: t('certificate.sheet.signatureLabel'),
        sealTop: t('certificate.sheet.sealTop'),
        sealBottom: t('certificate.sheet.sealBottom'),
        verifyLine: t('certificate.sheet.verifyLine', { code: cert.verificationCode, url: cert.verificationUrl }),
      },
    };
  }, [cert, t, formatDate]);
}
