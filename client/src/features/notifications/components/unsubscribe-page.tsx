import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { describeError } from '#client/lib/errors.ts';
import { listOfToken } from '#common/contracts/notifications.ts';

import { useUnsubscribe } from '../api/unsubscribe.ts';

/**
 * The page an unsubscribe link opens (GET): it asks before doing anything, since mail scanners
 * open links on their own. Mail clients' one-click button POSTs the same link to the server instead.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation(['notifications', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const list = listOfToken(token) ?? 'encouragement';
  const leave = useUnsubscribe();
  return (
    <CardPage
      title={leave.isSuccess ? t('unsubscribe.doneTitle') : t(`unsubscribe.title.${list}`)}
      subtitle={leave.isSuccess ? undefined : t(`unsubscribe.what.${list}`)}
      contentClassName="flex flex-col gap-4"
      data-testid="unsubscribe-page"
    >
      {leave.isSuccess ? (
        <div className="flex flex-col gap-4" role="status">
          <MailCheck className="size-10 text-success" aria-hidden />
          <p>{t(`unsubscribe.done.${leave.data.list}`)}</p>
          <a href="/settings" className={buttonVariants({ variant: 'outline' })}>
            {t('unsubscribe.settings')}
          </a>
        </div>
      ) : (
        <>
          {leave.isError && <ErrorAlert>{describeError(t, leave.error, { ns: 'notifications' })}</ErrorAlert>}
          <Button size="lg" onClick={() => leave.mutate(token)} disabled={leave.isPending}>
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
    </CardPage>
  );
}
