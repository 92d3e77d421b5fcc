import { Award, Copy, Download, ExternalLink, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useAdoptedStyle } from '#client/lib/adopted-style.ts';
import { ApiRequestError } from '#client/lib/api.ts';
import { useLanguage } from '#client/lib/language.ts';

import { useCreateCertificate } from '../api/create-certificate.ts';
import { useCertificate } from '../api/get-certificate.ts';
import { useCourses } from '../api/get-courses.ts';
import { useCertificateInput } from '../hooks/use-certificate-input.ts';
import { CertificateTemplate } from './certificate-template.tsx';
import { CourseShell } from './course-shell.tsx';

// Printed alone, edge to edge, on a landscape page. Applied while the page is open, through a
// constructable stylesheet: the CSP refuses inline <style> elements (docs/decisions/045).
const PRINT_CSS = `@page { size: A4 landscape; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  .certificate-frame { box-shadow: none !important; border: 0 !important; border-radius: 0 !important; margin: 0 !important; }
  .certificate-sheet { width: 100vw !important; height: auto !important; max-height: 100vh; }
}`;

const is = (err: unknown, status: number) => err instanceof ApiRequestError && err.status === status;

function download(bytes: Uint8Array, filename: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export default function CertificatePage() {
  const { t } = useTranslation(['course', 'common']);
  const lang = useLanguage();
  const fromQuery = new URLSearchParams(useSearch()).get('courseId');
  // Without ?courseId= the first course is used (spec section 9).
  const courses = useCourses();
  const courseId = fromQuery ?? courses.data?.[0]?.id;
  const certificate = useCertificate(courseId);
  const create = useCreateCertificate();
  const requested = useRef(false);
  const [isBuilding, setBuilding] = useState(false);

  const needsCreating = is(certificate.error, 404);
  useEffect(() => {
    // Spec section 4: when none exists it is requested automatically, once.
    if (needsCreating && courseId && !requested.current) {
      requested.current = true;
      create.mutate(courseId);
    }
  }, [needsCreating, courseId, create]);

  const cert = certificate.data ?? create.data;
  const input = useCertificateInput(cert);
  useAdoptedStyle(PRINT_CSS);

  if (!fromQuery && courses.isPending) return <LoadingScreen />;
  if (!cert) {
    const isWorking = certificate.isPending || (needsCreating && !create.isError);
    if (isWorking && courseId) return <LoadingScreen label={t('certificate.generating')} />;
    return (
      <MessageCard
        icon={<Award className="size-10 text-muted-foreground" aria-hidden />}
        title={t('certificate.notAvailableTitle')}
        message={t('certificate.notAvailableText')}
        action={
          <Link href="/dashboard" className={buttonVariants()}>
            {t('backToDashboard')}
          </Link>
        }
      />
    );
  }
  if (!input) return <LoadingScreen />;

  const downloadPdf = async () => {
    setBuilding(true);
    try {
      const [{ buildCertificatePdf }, { browserCertificateFonts }] = await Promise.all([
        import('../utils/certificate-pdf.ts'),
        import('../utils/certificate-fonts.ts'),
      ]);
      const bytes = await buildCertificatePdf(
        { ...input, verificationCode: cert.verificationCode, documentTitle: t('certificate.sheet.title'), lang },
        browserCertificateFonts,
      );
      download(bytes, `${t('certificate.fileName')}-${cert.verificationCode}.pdf`);
    } catch {
      toast({ title: t('common:errors.title'), description: t('certificate.pdfError'), variant: 'destructive' });
    } finally {
      setBuilding(false);
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(cert.verificationUrl);
      toast({ title: t('certificate.copied') });
    } catch {
      toast({ title: t('common:errors.title'), description: t('certificate.copyError'), variant: 'destructive' });
    }
  };

  return (
    <CourseShell back={{ href: '/dashboard', label: t('backToDashboard') }} testId="certificate-page">
      <div className="flex flex-col gap-6 print:gap-0">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between print:hidden">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('certificate.heading', { name: cert.certificateData.name })}
            </h1>
            <p className="text-muted-foreground">{t('certificate.intro')}</p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="gold" onClick={() => void downloadPdf()} disabled={isBuilding} data-testid="download-pdf">
              <Download aria-hidden />
              {isBuilding ? t('certificate.preparingPdf') : t('certificate.downloadPdf')}
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden />
              {t('certificate.print')}
            </Button>
          </div>
        </header>

        <div className="certificate-frame overflow-hidden rounded-xl border shadow-lg">
          <CertificateTemplate
            input={input}
            title={t('certificate.sheetLabel', { name: input.name, course: input.courseTitle, date: input.dateText })}
          />
        </div>

        <Card className="print:hidden">
          <CardHeader>
            <CardTitle as="h2">{t('certificate.verifyTitle')}</CardTitle>
            <CardDescription>{t('certificate.verifyText')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="flex flex-1 flex-col gap-0.5">
              <span className="text-sm text-muted-foreground">{t('certificate.codeLabel')}</span>
              <span className="whitespace-nowrap font-mono text-lg font-bold tracking-wider" data-testid="verification-code">
                {cert.verificationCode}
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void copyLink()}>
                <Copy aria-hidden />
                {t('certificate.copyLink')}
              </Button>
              <a
                href={`/verify/${cert.verificationCode}`}
                target="_blank"
                rel="noreferrer"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <ExternalLink aria-hidden />
                {t('certificate.openVerify')}
              </a>
            </div>
          </CardContent>
        </Card>
      </div>
    </CourseShell>
  );
}
