import { Info, Search, ShieldCheck, ShieldX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { useDates } from '#client/lib/dates.ts';

import { useCertificateVerification } from '../api/verify-certificate.ts';

/** Public page (no sign-in): confirms who holds a certificate, or says plainly that the code is unknown. */
export default function VerifyPage() {
  const { code = '' } = useParams<{ code: string }>();
  const { t } = useTranslation(['course', 'common']);
  const { date: formatDate } = useDates();
  const { data, isPending, error } = useCertificateVerification(code);
  const isUnknown = error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <PageHeader brand={{ href: '/', label: t('common:brandFull') }} />
      <main className="flex flex-1 flex-col items-center gap-6 px-4 pb-12 pt-4 sm:pt-10" data-testid="verify-page">
        <Card className="w-full max-w-lg">
          {isPending ? (
            <CardContent className="flex flex-col items-center gap-3 py-12 sm:py-12" role="status">
              <Spinner className="size-8" />
              <p className="text-muted-foreground">{t('verify.checking')}</p>
            </CardContent>
          ) : data ? (
            <>
              <CardHeader className="items-center text-center">
                <ShieldCheck className="size-14 text-success" aria-hidden />
                <CardTitle as="h1" className="text-2xl">
                  {t('verify.validTitle')}
                </CardTitle>
                <CardDescription>{t('verify.validText')}</CardDescription>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-3 rounded-xl bg-secondary/50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
                  <dt className="font-medium text-muted-foreground">{t('verify.holder')}</dt>
                  <dd className="text-base font-semibold" data-testid="verify-holder">
                    {data.holderName ?? <span className="font-normal italic text-muted-foreground">{t('verify.holderRemoved')}</span>}
                  </dd>
                  <dt className="font-medium text-muted-foreground">{t('verify.course')}</dt>
                  <dd className="font-semibold">{data.courseTitle}</dd>
                  <dt className="font-medium text-muted-foreground">{t('verify.completed')}</dt>
                  <dd className="font-semibold">{formatDate(data.completedAt)}</dd>
                  <dt className="font-medium text-muted-foreground">{t('verify.code')}</dt>
                  <dd className="font-mono font-semibold tracking-wider">{data.verificationCode}</dd>
                </dl>
                {data.holderName !== null && data.holderRenamedAt && (
                  <p className="mt-3 flex gap-2 text-sm text-muted-foreground" data-testid="verify-renamed">
                    <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {t('verify.renamed', { date: formatDate(data.holderRenamedAt) })}
                  </p>
                )}
              </CardContent>
            </>
          ) : (
            <CardHeader className="items-center text-center" data-testid="verify-unknown">
              <ShieldX className="size-14 text-destructive" aria-hidden />
              <CardTitle as="h1" className="text-2xl">
                {isUnknown ? t('verify.unknownTitle') : t('common:errors.title')}
              </CardTitle>
              <CardDescription>{isUnknown ? t('verify.unknownText', { code }) : t('common:errors.generic')}</CardDescription>
            </CardHeader>
          )}
        </Card>
        <CheckAnotherCode />
      </main>
    </div>
  );
}

function CheckAnotherCode() {
  const { t } = useTranslation('course');
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = value.trim();
    if (code) navigate(`/verify/${encodeURIComponent(code)}`);
  };
  return (
    <form onSubmit={submit} className="flex w-full max-w-lg flex-col gap-2">
      <Label htmlFor="verify-code">{t('verify.another')}</Label>
      <div className="flex gap-2">
        <Input
          id="verify-code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <Button type="submit" variant="outline" disabled={!value.trim()}>
          <Search aria-hidden />
          {t('verify.check')}
        </Button>
      </div>
    </form>
  );
}
