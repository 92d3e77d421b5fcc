import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../../common/contracts/admin.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/utils.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { useDates } from '../../../lib/dates.ts';
import { describeError } from '../../../lib/errors.ts';
import { fullNameOf } from '../utils/names.ts';
import { Pager } from './pager.tsx';

type Change = { from?: unknown; to?: unknown };
const isChange = (v: unknown): v is Change => typeof v === 'object' && v !== null && 'to' in v;

/** Kinds of target that are a person (or a person's application): named from the live rows, or "no longer here". */
const personTargets = new Set(['user', 'ambassador_application', 'watchmoms_application']);

/**
 * A readable line for what an entry changed. The entry holds ids only; the server names the people
 * who still exist (`target`, `people`), so a deleted person shows as gone, not by name.
 */
function describeDetails(t: TFunction, e: AuditEntry): string {
  const d = e.details;
  const parts: string[] = [];
  if (e.target) parts.push(e.target.name ?? e.target.email ?? '');
  else if (e.targetId && personTargets.has(e.targetType)) parts.push(t('audit.details.gone'));
  const personName = (id: unknown) => {
    const p = typeof id === 'string' ? e.people[id] : undefined;
    return p ? fullNameOf(p) || p.email : t('audit.details.someoneGone');
  };
  const roleName = (r: unknown) => t(`roles.${String(r)}`, { defaultValue: String(r) });
  if (e.action === 'user.role_changed') parts.push(t('audit.details.role', { from: roleName(d.from), to: roleName(d.to) }));
  if (isChange(d.role)) parts.push(t('audit.details.role', { from: roleName(d.role.from), to: roleName(d.role.to) }));
  if (isChange(d.status)) {
    const ns = e.targetType === 'watchmoms_application' ? 'watchmoms' : 'inbox';
    parts.push(t('audit.details.status', { from: t(`${ns}.statuses.${String(d.status.from)}`), to: t(`${ns}.statuses.${String(d.status.to)}`) }));
  }
  if (isChange(d.assignedTo)) parts.push(d.assignedTo.to ? t('audit.details.assigned', { who: personName(d.assignedTo.to) }) : t('audit.details.unassigned'));
  const mentorId = e.action === 'mentoring.mentor_set' ? d.to : d.mentorId;
  if (e.action.startsWith('mentoring.') && mentorId) parts.push(t('audit.details.mentor', { who: personName(mentorId) }));
  if (Array.isArray(d.fields)) parts.push(t('audit.details.fields', { fields: d.fields.join(', ') }));
  if (d.notes === 'edited') parts.push(t('audit.details.notes'));
  if (e.action === 'directory.exported') {
    parts.push(t('audit.details.filter', { filter: t(`audit.filters.${String(d.filter)}`, { defaultValue: String(d.filter) }) }));
    if (d.isSearch) parts.push(t('audit.details.searched'));
  }
  if (d.via === 'command line') parts.push(t('audit.details.cli'));
  return parts.join(' · ');
}

/** Who acted when no account is named: the retention job, the person themself or a parent (their account is gone), or the command line. */
function actorLabel(t: TFunction, e: AuditEntry): string {
  if (e.actor) return fullNameOf(e.actor) || e.actor.email;
  if (e.action === 'retention.applied' || e.details.by === 'retention') return t('audit.actors.retention');
  if (e.details.by === 'self') return t('audit.actors.self');
  if (e.details.by === 'parent') return t('audit.actors.parent');
  return t('audit.commandLine');
}

/** Every admin action: who, what, when. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const data = log.data;
  return (
    <Card data-testid="audit-log">
      <CardHeader>
        <CardTitle as="h2">{t('audit.title')}</CardTitle>
        <CardDescription>{t('audit.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {log.isPending ? (
          <Spinner className="mx-auto" />
        ) : log.isError ? (
          <p role="alert" className="text-destructive">{describeError(t, log.error, { ns: 'admin' })}</p>
        ) : data && data.items.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{t('audit.empty')}</p>
        ) : (
          <ol className={cn('flex flex-col divide-y', log.isFetching && 'opacity-60')}>
            {data?.items.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4" data-testid="audit-entry">
                <time dateTime={e.createdAt} className="shrink-0 text-xs tabular-nums text-muted-foreground sm:w-44 sm:text-sm">
                  {dates.dateTime(e.createdAt)}
                </time>
                <div className="min-w-0 text-sm">
                  <p>
                    <span className="font-semibold">{actorLabel(t, e)}</span>{' '}
                    {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
                  </p>
                  <p className="break-words text-muted-foreground">{describeDetails(t, e)}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
        {data && <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      </CardContent>
    </Card>
  );
}
