import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { describeError } from '#client/lib/errors.ts';

import { useVerifyEmail } from '../api/password-reset.ts';

/**
 * The page a verification mail links to. Confirming takes a click: mail scanners that open
 * links on their own must not verify an address for its owner.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const verify = useVerifyEmail();
  if (verify.isSuccess)
    return (
      <CardPage title={t('verifiedTitle')}>
        <div className="flex flex-col gap-4" role="status">
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <p>{t('verifiedText')}</p>
          <a href="/dashboard" className={buttonVariants()}>
            {t('continue')}
          </a>
        </div>
      </CardPage>
    );
  return (
    <CardPage title={t('verifyTitle')} subtitle={t('verifySubtitle')}>
      <div className="flex flex-col gap-4">
        {verify.isError && <ErrorAlert>{describeError(t, verify.error)}</ErrorAlert>}
        <Button size="lg" onClick={() => verify.mutate(token)} disabled={verify.isPending}>
          {t('verifySubmit')}
        </Button>
      </div>
    </CardPage>
  );
}
