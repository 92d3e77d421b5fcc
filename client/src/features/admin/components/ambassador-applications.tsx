import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import type { ApplicationDecision, ApplicationItem } from '#common/contracts/admin.ts';
import { applicationStatuses } from '#common/domain/eligibility.ts';

import { useDecideApplication } from '../api/decide-application.ts';
import { useApplications, type ApplicationView } from '../api/get-applications.ts';
import { fullNameOf } from '../utils/names.ts';
import { AdminListPanel } from './admin-list-panel.tsx';

const statusVariant = { pending: 'gold', approved: 'success', declined: 'destructive' } as const;

function ApplicationRow({
  item,
  onDecide,
  busy,
}: {
  item: ApplicationItem;
  onDecide: (decision: ApplicationDecision) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const dates = useDates();
  const name = fullNameOf(item.user) || item.user.email;
  const act = onDecide;
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:flex-row sm:items-center sm:p-4" data-testid="application-item">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {name}
          <Badge variant={statusVariant[item.status]}>{t(`applications.statuses.${item.status}`)}</Badge>
        </p>
        <p className="truncate text-sm text-muted-foreground">{item.user.email}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          {t('applications.completedDisciples', { count: item.completedDisciples })} ·{' '}
          {t('applications.appliedOn', { date: dates.date(item.createdAt) })}
          {item.decidedAt &&
            ` · ${t('applications.decidedBy', { date: dates.date(item.decidedAt), name: item.decidedBy ? fullNameOf(item.decidedBy) || item.decidedBy.email : t('applications.someone') })}`}
        </p>
      </div>
      {item.status === 'pending' && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => act('decline')} disabled={busy} data-testid="decline-application">
            <X aria-hidden />
            {t('applications.decline')}
          </Button>
          <Button size="sm" onClick={() => act('approve')} disabled={busy} data-testid="approve-application">
            <Check aria-hidden />
            {t('applications.approve')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Ambassador applications: approving makes the applicant an ambassador. */
export function AmbassadorApplications() {
  const { t } = useTranslation(['admin', 'common']);
  const [view, setView] = useState<ApplicationView>('pending');
  const [page, setPage] = useState(1);
  const list = useApplications(view, page);
  // Owned here, not by the row: a decided application leaves the pending list, and the toast must still show.
  const decide = useDecideApplication();
  const onDecide = (item: ApplicationItem) => (decision: ApplicationDecision) =>
    decide.mutate(
      { id: item.id, decision },
      {
        onSuccess: () =>
          toast({
            title: decision === 'approve' ? t('applications.approvedTitle') : t('applications.declinedTitle'),
            description: fullNameOf(item.user) || item.user.email,
          }),
      },
    );
  return (
    <AdminListPanel
      testId="ambassador-applications"
      title={t('applications.title')}
      subtitle={t('applications.subtitle')}
      viewLabel={t('applications.show')}
      view={view}
      views={([...applicationStatuses, 'all'] as const).map((v) => ({
        value: v,
        label: v === 'all' ? t('applications.all') : t(`applications.statuses.${v}`),
      }))}
      onViewChange={setView}
      query={list}
      emptyText={t('applications.empty')}
      renderItem={(item) => (
        <ApplicationRow key={item.id} item={item} onDecide={onDecide(item)} busy={decide.isPending && decide.variables?.id === item.id} />
      )}
      page={page}
      onPage={setPage}
    />
  );
}
