import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';

import { CardPage } from '#client/components/layout/card-page.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { describeError } from '#client/lib/errors.ts';

import { useParentConsent, useParentDecision } from '../api/parent-consent.ts';

/**
 * The page a parent opens from the mail (issue 11): what the app is, what it keeps, and the
 * decision. The same link later takes the agreement back, which deletes the young person's account.
 */
export default function ParentConsentPage() {
  const { t } = useTranslation(['privacy', 'common']);
  const { token = '' } = useParams<{ token: string }>();
  const view = useParentConsent(token);
  const decide = useParentDecision(token);
  const [isConfirmingWithdraw, setConfirmingWithdraw] = useState(false);
  const name = view.data?.childFirstName || t('parent.yourChild');

  let body;
  if (decide.data?.status === 'deleted') {
    body = (
      <p role="status" className="flex items-start gap-2">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        {t('parent.deleted')}
      </p>
    );
  } else if (view.isPending) {
    body = <p>{t('common:loading')}</p>;
  } else if (view.isError) {
    // The young person's own browser (decision 065) is told why, not that the link is broken.
    const isChildBrowser = view.error instanceof ApiRequestError && view.error.body.code === 'PARENT_CONSENT_CHILD_BROWSER';
    body = (
      <p role="alert" className="font-medium text-destructive">
        {isChildBrowser ? t('parent.childBrowser') : t('parent.invalid')}
      </p>
    );
  } else {
    const isGranted = view.data.isGranted;
    body = (
      <div className="flex flex-col gap-5">
        {isGranted ? (
          <p role="status" className="flex items-start gap-2 rounded-xl border border-success/40 bg-success/10 p-4">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            {t('parent.granted', { name })}
          </p>
        ) : (
          <>
            <p>{t('parent.intro', { name })}</p>
            {view.data.isJoint && <p data-testid="parent-joint">{t('parent.joint', { name })}</p>}
            <ul className="flex list-disc flex-col gap-2 pl-5 marker:text-primary">
              {(t('parent.points', { name, returnObjects: true }) as string[]).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </>
        )}
        <p className="flex items-start gap-2 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            {t('parent.notice')}{' '}
            <Link href="/privacy" className="font-medium text-primary underline underline-offset-4">
              {t('parent.noticeLink')}
            </Link>
          </span>
        </p>
        {decide.isError && <ErrorAlert>{describeError(t, decide.error)}</ErrorAlert>}
        {!isGranted && (
          <Button size="lg" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'grant' })}>
            {t('parent.agree')}
          </Button>
        )}
        {isConfirmingWithdraw ? (
          <div className="flex flex-col gap-3 rounded-xl border border-destructive/40 p-4">
            <p className="text-sm font-medium">{t('parent.confirmWithdraw', { name })}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="destructive" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'withdraw' })}>
                {t('parent.confirmWithdrawYes')}
              </Button>
              <Button variant="outline" onClick={() => setConfirmingWithdraw(false)}>
                {t('common:cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirmingWithdraw(true)}>
            {isGranted ? t('parent.withdraw') : t('parent.refuse')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <CardPage title={t('parent.title')} subtitle={t('parent.subtitle')} width="xl" data-testid="parent-consent-page">
      {body}
    </CardPage>
  );
}
