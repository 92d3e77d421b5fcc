import { MailCheck, MailQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { describeError } from '#client/lib/errors.ts';

import { useResendVerification } from '../api/resend-verification.ts';

/** A reminder to confirm the email address, with a resend button. Nothing is blocked meanwhile. */
export function VerifyEmailCard({ email }: { email: string }) {
  const { t } = useTranslation(['course', 'common']);
  const resend = useResendVerification();
  return (
    <Card className="border-primary/30 bg-secondary/40" data-testid="verify-email-card">
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:pt-6">
        {resend.isSuccess ? (
          <MailCheck className="size-8 shrink-0 text-primary" aria-hidden />
        ) : (
          <MailQuestion className="size-8 shrink-0 text-primary" aria-hidden />
        )}
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t('dashboard.verifyEmail.title')}</h2>
          <p className="break-words text-sm text-muted-foreground" role={resend.isSuccess || resend.isError ? 'status' : undefined}>
            {resend.isSuccess
              ? t('dashboard.verifyEmail.sent', { email })
              : resend.isError
                ? describeError(t, resend.error)
                : t('dashboard.verifyEmail.text', { email })}
          </p>
        </div>
        {!resend.isSuccess && (
          <Button variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {t('dashboard.verifyEmail.action')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
