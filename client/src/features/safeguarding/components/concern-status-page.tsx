import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { ConcernStatusBadge } from '#client/components/safeguarding/concern-form.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError } from '#client/lib/errors.ts';

import { useConcernStatus } from '../api/public-concerns.ts';

/** /concern-status/:token: where a concern raised without an account stands (the link is the proof). */
export default function ConcernStatusPage() {
  const { t } = useTranslation(['safeguarding', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const status = useConcernStatus(token);
  const dates = useDates();
  return (
    <CardPage title={t('statusPage.title')} contentClassName="flex flex-col gap-3" data-testid="concern-status-page">
      {status.isPending && <Spinner />}
      {status.isError && <ErrorAlert>{describeError(t, status.error, { ns: 'safeguarding' })}</ErrorAlert>}
      {status.data && (
        <>
          <p className="flex flex-wrap items-center gap-2">
            {t('statusPage.now')} <ConcernStatusBadge status={status.data.status} />
          </p>
          <p className="text-sm text-muted-foreground">{t('statusPage.raised', { date: dates.date(status.data.createdAt) })}</p>
          <p className="text-sm">{t(`statusPage.explain.${status.data.status}`)}</p>
        </>
      )}
    </CardPage>
  );
}
