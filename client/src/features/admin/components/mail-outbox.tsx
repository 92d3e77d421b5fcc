import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { useDates } from '#client/lib/dates.ts';
import { mailStatuses, type MailStatus, type OutboxItem } from '#common/contracts/mail.ts';

import { useOutbox } from '../api/get-outbox.ts';
import { AdminListPanel } from './admin-list-panel.tsx';

const statusVariant = { pending: 'secondary', sending: 'default', sent: 'success', failed: 'destructive', cancelled: 'outline' } as const;

function OutboxMail({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-3 sm:p-4" data-testid="outbox-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{item.subject}</p>
          <p className="break-all text-sm text-muted-foreground">{t('outbox.to', { to: item.to })}</p>
        </div>
        <Badge variant={statusVariant[item.status]}>{t(`outbox.statuses.${item.status}`)}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {dates.dateTime(item.createdAt)} · {t('outbox.attempts', { count: item.attempts })}
        {item.sentAt && ` · ${t('outbox.sentAt', { when: dates.dateTime(item.sentAt) })}`}
      </p>
      {item.lastError && (
        <p className="break-words rounded-lg bg-destructive/10 p-2 text-sm text-destructive">
          {t('outbox.reason', { reason: item.lastError })}
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">{t('outbox.showText')}</summary>
        <pre
          className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted p-3 font-sans text-sm"
          data-testid="outbox-text"
        >
          {item.text}
        </pre>
      </details>
    </li>
  );
}

/** Every mail the app wrote: its recipient, subject, status, the server's reason for a failure, and its text. */
export function MailOutbox() {
  const { t } = useTranslation('admin');
  const [view, setView] = useState<MailStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const list = useOutbox(view, page);
  return (
    <div className="flex flex-col gap-4">
      {list.data && !list.data.isSmtpConfigured && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-accent bg-accent/15 p-3 text-sm"
          data-testid="outbox-not-sending"
        >
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          {list.data.isLocalMailbox ? (
            <span>
              {t('outbox.localMailbox')}{' '}
              <a href="/local-mailbox" className="font-medium text-primary underline underline-offset-4">
                /local-mailbox
              </a>
            </span>
          ) : (
            t('outbox.notSending')
          )}
        </p>
      )}
      <AdminListPanel
        testId="mail-outbox"
        title={t('outbox.title')}
        subtitle={t('outbox.subtitle')}
        viewLabel={t('outbox.show')}
        view={view}
        views={(['all', ...mailStatuses] as const).map((v) => ({
          value: v,
          label: v === 'all' ? t('outbox.all') : t(`outbox.statuses.${v}`),
        }))}
        onViewChange={setView}
        query={list}
        emptyText={t('outbox.empty')}
        renderItem={(item) => <OutboxMail key={item.id} item={item} />}
        page={page}
        onPage={setPage}
      />
    </div>
  );
}
