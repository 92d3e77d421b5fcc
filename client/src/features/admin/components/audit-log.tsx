import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input, NativeSelect } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { SearchInput } from '#client/components/ui/search-input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError } from '#client/lib/errors.ts';
import { cn } from '#client/lib/utils.ts';
import type { AuditEntry } from '#common/contracts/admin.ts';
import { auditActions, LIST_VIEW_ACTION, type AuditAction } from '#common/domain/audit-actions.ts';

import { useAuditLog, type AuditParams } from '../api/get-audit-log.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
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
function describeDetails(t: TFunction<'admin'>, e: AuditEntry): string {
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
    // A status the server wrote (typed as a string in the entry's details): one of the statuses below.
    const statusText = (status: unknown) =>
      t(`${ns}.statuses.${String(status)}` as `${typeof ns}.statuses.new`, { defaultValue: String(status) });
    parts.push(t('audit.details.status', { from: statusText(d.status.from), to: statusText(d.status.to) }));
  }
  if (isChange(d.assignedTo))
    parts.push(d.assignedTo.to ? t('audit.details.assigned', { who: personName(d.assignedTo.to) }) : t('audit.details.unassigned'));
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
function actorLabel(t: TFunction<'admin'>, e: AuditEntry): string {
  if (e.actor) return fullNameOf(e.actor) || e.actor.email;
  if (e.action === 'retention.applied' || e.details.by === 'retention') return t('audit.actors.retention');
  if (e.details.by === 'self') return t('audit.actors.self');
  if (e.details.by === 'parent') return t('audit.actors.parent');
  return t('audit.commandLine');
}

type Filters = Omit<AuditParams, 'page'>;
const noFilters: Filters = { action: '', hideListViews: true, person: '', fromDay: '', toDay: '' };

/**
 * The log's filters: an action (every action but the list views unless asked: each tab an admin
 * opens writes one), a person who acted or was acted on (matched by the server), and a range of days.
 */
function AuditFilterBar({
  filters,
  personInput,
  onPersonInput,
  onChange,
}: {
  filters: Filters;
  personInput: string;
  onPersonInput: (v: string) => void;
  onChange: (f: Filters) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  // Alphabetical in the admin's language, so an action is found by what it says.
  const options = auditActions
    .map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.resolvedLanguage));
  const isFiltered =
    personInput !== '' || filters.action !== '' || !filters.hideListViews || filters.fromDay !== '' || filters.toDay !== '';
  return (
    <div className="flex flex-col gap-3" role="search" aria-label={t('audit.filtering.label')} data-testid="audit-filters">
      <SearchInput
        value={personInput}
        onChange={(e) => onPersonInput(e.target.value)}
        placeholder={t('audit.filtering.person')}
        maxLength={100}
        data-testid="audit-person"
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-action`}>{t('audit.filtering.action')}</Label>
          <NativeSelect
            id={`${id}-action`}
            value={filters.action}
            onChange={(e) => set({ action: e.target.value as AuditAction | '' })}
            data-testid="audit-action"
          >
            <option value="">{t('audit.filtering.allActions')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-from`}>{t('audit.filtering.from')}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.fromDay}
            max={filters.toDay || undefined}
            onChange={(e) => set({ fromDay: e.target.value })}
            data-testid="audit-from"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-to`}>{t('audit.filtering.to')}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.toDay}
            min={filters.fromDay || undefined}
            onChange={(e) => set({ toDay: e.target.value })}
            data-testid="audit-to"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* A chosen action is shown whatever it is, list views included. */}
        <div className="flex items-center gap-3">
          <Checkbox
            id={`${id}-views`}
            checked={filters.action === '' ? filters.hideListViews : filters.action !== LIST_VIEW_ACTION}
            disabled={filters.action !== ''}
            onCheckedChange={(v) => set({ hideListViews: v === true })}
            className="disabled:cursor-not-allowed disabled:opacity-50"
            data-testid="audit-hide-views"
          />
          <label htmlFor={`${id}-views`} className="text-sm leading-snug peer-disabled:opacity-60">
            {t('audit.filtering.hideListViews')}
          </label>
        </div>
        {isFiltered && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onPersonInput('');
              onChange(noFilters);
            }}
          >
            {t('audit.filtering.clear')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Every admin action: who, what, when, filtered on the server. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [personInput, setPersonInput] = useState('');
  const person = useDebouncedValue(personInput.trim(), 300);
  const [chosen, setChosen] = useState<Filters>(noFilters);
  const filters: Filters = { ...chosen, person };
  const [pageState, setPageState] = useState({ page: 1, filters });
  // New filters start again at page 1.
  const page = JSON.stringify(pageState.filters) === JSON.stringify(filters) ? pageState.page : 1;
  const setPage = (p: number) => setPageState({ page: p, filters });
  const isBadRange = filters.fromDay !== '' && filters.toDay !== '' && filters.fromDay > filters.toDay;
  const log = useAuditLog({ page, ...filters }, !isBadRange);
  const data = log.data;
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(noFilters);
  return (
    <Card data-testid="audit-log">
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">{t('audit.title')}</CardTitle>
          <CardDescription>{t('audit.subtitle')}</CardDescription>
        </div>
        <AuditFilterBar filters={chosen} personInput={personInput} onPersonInput={setPersonInput} onChange={setChosen} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isBadRange ? (
          <p role="alert" className="text-destructive">
            {t('audit.filtering.badRange')}
          </p>
        ) : log.isPending ? (
          <Spinner className="mx-auto" />
        ) : log.isError ? (
          <p role="alert" className="text-destructive">
            {describeError(t, log.error, { ns: 'admin' })}
          </p>
        ) : data && data.items.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{isFiltered ? t('audit.filtering.none') : t('audit.empty')}</p>
        ) : (
          <ol className={cn('flex flex-col divide-y', log.isFetching && 'opacity-60')} aria-busy={log.isFetching}>
            {data?.items.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:gap-4" data-testid="audit-entry">
                <time dateTime={e.createdAt} className="shrink-0 text-xs tabular-nums text-muted-foreground sm:w-44 sm:text-sm">
                  {dates.dateTime(e.createdAt)}
                </time>
                <div className="min-w-0 text-sm">
                  <p>
                    <span className="font-semibold">{actorLabel(t, e)}</span> {t(`audit.actions.${e.action}`, { defaultValue: e.action })}
                  </p>
                  <p className="break-words text-muted-foreground">{describeDetails(t, e)}</p>
                </div>
              </li>
            ))}
          </ol>
        )}
        {data && !isBadRange && <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      </CardContent>
    </Card>
  );
}
