import { Hourglass, MailPlus, RotateCw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import { INVITATION_RESEND_HOURS, type Invitation, type PendingDisciples } from '#common/contracts/mentoring.ts';

import { useCancelInvitation } from '../api/cancel-invitation.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useShortList } from '../hooks/use-short-list.tsx';
import { displayName } from '../utils/tree-index.ts';

const SHORT_LIST = 8;

/** Direct disciples still in the course, and invitations waiting for an answer or a sign-up. */
export function PendingList({ pending, hasDisciples }: { pending: PendingDisciples; hasDisciples: boolean }) {
  const { t } = useTranslation('mentoring');
  const { disciples, invitations } = pending;
  // A long list is cut to the first few; the tree shows everyone anyway.
  const { shown, toggle } = useShortList(disciples, SHORT_LIST, {
    all: (count) => t('pending.showAll', { count }),
    fewer: t('pending.showFewer'),
  });
  return (
    <Card data-testid="pending-card">
      <IconCardHeader icon={Hourglass} title={t('pending.title')} description={t('pending.subtitle')} />
      <CardContent className="flex flex-col gap-4">
        {/* "Everyone has finished" is only true when there is someone: an empty tree says so instead. */}
        {disciples.length === 0 && invitations.length === 0 && (
          <p className="text-sm text-muted-foreground">{t(hasDisciples ? 'pending.none' : 'pending.noneYet')}</p>
        )}
        {disciples.length > 0 && (
          <PendingGroup title={t('pending.inCourse', { count: disciples.length })}>
            <ul className="flex flex-col gap-2.5">
              {shown.map((d) => (
                <li key={d.id} className="flex flex-col gap-1" data-testid="pending-disciple">
                  <div className="flex items-baseline justify-between gap-2 text-sm">
                    <span className="truncate font-medium">{displayName(d)}</span>
                    <span className="shrink-0 tabular-nums text-muted-foreground">{d.progress}%</span>
                  </div>
                  <Progress value={d.progress} label={t('tree.progressOf', { name: displayName(d) })} className="h-1.5" />
                </li>
              ))}
            </ul>
            {toggle}
          </PendingGroup>
        )}
        {invitations.length > 0 && (
          <PendingGroup title={t('pending.invited', { count: invitations.length })}>
            <ul className="flex flex-col gap-2">
              {invitations.map((i) => (
                <InvitationItem key={i.id} invitation={i} />
              ))}
            </ul>
          </PendingGroup>
        )}
      </CardContent>
    </Card>
  );
}

/** When an invitation may be sent again: a day after it was last sent. */
const resendableAt = (i: Invitation) => (i.lastSentAt ? new Date(i.lastSentAt).getTime() + INVITATION_RESEND_HOURS * 3_600_000 : 0);

/** One pending invitation, with "Resend" (once a day) and "Cancel". */
function InvitationItem({ invitation: i }: { invitation: Invitation }) {
  const { t } = useTranslation('mentoring');
  const dates = useDates();
  const resend = useResendInvitation();
  // The toast is the mutation's own: this item unmounts when the list comes back without the invitation.
  const cancel = useCancelInvitation({
    onSuccess: () => toast({ title: t('pending.cancelledTitle'), description: t('pending.cancelledText', { name: i.fullName }) }),
  });
  // Read once per render: the list is fetched again after every change, which is when it matters.
  const nextAt = resendableAt(i);
  const canResend = nextAt <= Date.now();
  const busy = resend.isPending || cancel.isPending;
  const onResend = () =>
    resend.mutate(i.id, {
      onSuccess: () =>
        toast({ title: t('pending.resentTitle'), description: t('pending.resentText', { name: i.fullName, email: i.email }) }),
    });
  return (
    <li className="flex flex-col gap-2 text-sm" data-testid="pending-invitation">
      <div className="flex items-start gap-2">
        <MailPlus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{i.fullName}</p>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {i.email} · {t('pending.invitedOn', { date: dates.date(i.createdAt) })}
          </p>
          {i.lastSentAt && (
            <p className="text-xs text-muted-foreground" data-testid="invitation-sent">
              {canResend
                ? t('pending.sentAgo', { ago: dates.ago(i.lastSentAt) })
                : t('pending.resendFrom', { ago: dates.ago(i.lastSentAt), date: dates.dateTime(new Date(nextAt).toISOString()) })}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-6">
        <Button
          size="sm"
          variant="outline"
          onClick={onResend}
          disabled={!canResend || busy}
          aria-label={t('pending.resendFor', { name: i.fullName })}
        >
          <RotateCw aria-hidden />
          {resend.isPending ? t('pending.resending') : t('pending.resend')}
        </Button>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" disabled={busy} aria-label={t('pending.cancelFor', { name: i.fullName })}>
              <X aria-hidden />
              {t('pending.cancel')}
            </Button>
          }
          title={t('pending.cancelTitle', { name: i.fullName })}
          description={t('pending.cancelText', { name: i.fullName, email: i.email })}
          confirm={{ label: t('pending.confirmCancel') }}
          cancelLabel={t('pending.keep')}
          isPending={cancel.isPending}
          onConfirm={(close) => cancel.mutate(i.id, { onSuccess: close })}
        />
      </div>
    </li>
  );
}

function PendingGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}
