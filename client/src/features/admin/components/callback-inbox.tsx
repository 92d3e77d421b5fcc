import { AlertTriangle, Clock, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { NativeSelect, Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import { cn } from '#client/lib/utils.ts';
import { callbackStatuses, callbackViews, type CallbackItem, type CallbackUpdateBody, type CallbackView } from '#common/contracts/admin.ts';

import { useAssignees } from '../api/get-assignees.ts';
import { useCallbacks } from '../api/get-callbacks.ts';
import { useUpdateCallback } from '../api/update-callback.ts';
import { fullNameOf } from '../utils/names.ts';
import { AdminListPanel } from './admin-list-panel.tsx';
import { CrisisLinesCheck } from './crisis-lines-check.tsx';

/** How, when and in which language the person asked to be contacted; "no voicemail" stands out. */
function ContactPreferences({ item }: { item: CallbackItem }) {
  const { t, i18n } = useTranslation('admin');
  const languageName = item.language
    ? new Intl.DisplayNames([i18n.resolvedLanguage ?? 'en'], { type: 'language' }).of(item.language)
    : null;
  const rows = [
    { term: t('inbox.contactMethod'), value: t(`inbox.contactMethods.${item.contactMethod}`) },
    {
      term: t('inbox.voicemail'),
      value: t(item.isVoicemailSafe ? 'inbox.voicemailSafe' : 'inbox.voicemailNotSafe'),
      isWarning: !item.isVoicemailSafe,
    },
    ...(item.goodTime ? [{ term: t('inbox.goodTime'), value: item.goodTime }] : []),
    ...(languageName ? [{ term: t('inbox.language'), value: languageName }] : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-2.5 text-sm" data-testid="callback-preferences">
      {rows.map(({ term, value, isWarning }) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className={cn('min-w-0 break-words font-medium', isWarning && 'text-destructive')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface CardProps {
  item: CallbackItem;
  onSave: (body: CallbackUpdateBody) => void;
  busy: boolean;
  isLinked: boolean;
  /** Admins assign and write notes; a responder who is not an admin changes the status only (decision 015). */
  canManage: boolean;
}

function CallbackCard({ item, onSave, busy, isLinked, canManage }: CardProps) {
  const { t } = useTranslation(['admin', 'common']);
  const dates = useDates();
  const assignees = useAssignees(canManage);
  const [status, setStatus] = useState(item.status);
  const [assignedTo, setAssignedTo] = useState(item.assignee?.id ?? '');
  const [notes, setNotes] = useState(item.notes);
  const ref = useRef<HTMLLIElement>(null);
  // Opened from a staff alert's link (?request=<id>): brought into view once.
  useEffect(() => {
    if (isLinked) ref.current?.scrollIntoView({ block: 'center' });
  }, [isLinked]);
  const changed = status !== item.status || assignedTo !== (item.assignee?.id ?? '') || notes !== item.notes;

  const save = () =>
    onSave({
      ...(status !== item.status ? { status } : {}),
      ...(assignedTo !== (item.assignee?.id ?? '') ? { assignedTo: assignedTo || null } : {}),
      ...(notes !== item.notes ? { notes } : {}),
    });

  return (
    <li
      ref={ref}
      id={`callback-${item.id}`}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4',
        item.isPriority && 'border-destructive/60',
        item.isOverdue && !item.isPriority && 'border-gold',
        isLinked && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
      aria-current={isLinked ? 'true' : undefined}
      data-testid="callback-item"
    >
      {isLinked && <p className="text-xs font-semibold uppercase tracking-wide text-primary">{t('inbox.linked')}</p>}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {item.name === null ? (
            <p className="italic text-muted-foreground" data-testid="callback-removed">
              {t('inbox.removed')}
            </p>
          ) : (
            <p className="font-semibold">{item.name}</p>
          )}
          {item.phone && (
            <a
              href={`tel:${item.phone}`}
              className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
            >
              <Phone className="size-3.5" aria-hidden />
              {item.phone}
            </a>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          {item.isPriority && (
            <Badge variant="destructive" data-testid="priority-flag">
              <AlertTriangle className="size-3.5" aria-hidden />
              {t('inbox.priority', { band: t(`inbox.bands.${item.scoreBand}`, { defaultValue: item.scoreBand }) })}
            </Badge>
          )}
          {item.isOverdue && (
            <Badge variant="gold" data-testid="overdue-flag">
              <Clock className="size-3.5" aria-hidden />
              {t('inbox.overdue', { hours: item.deadlineHours })}
            </Badge>
          )}
          {!item.isPriority && <Badge variant="secondary">{t(`inbox.categories.${item.category}`)}</Badge>}
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('inbox.received', { ago: dates.ago(item.createdAt), date: dates.dateTime(item.createdAt) })}
        {item.scoreBand !== 'unknown' &&
          !item.isPriority &&
          ` · ${t('inbox.band', { band: t(`inbox.bands.${item.scoreBand}`, { defaultValue: item.scoreBand }) })}`}
      </p>
      <ContactPreferences item={item} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('inbox.status')}>
          <NativeSelect value={status} onChange={(e) => setStatus(e.target.value as CallbackItem['status'])} data-testid="callback-status">
            {callbackStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`inbox.statuses.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {canManage ? (
          <FormField label={t('inbox.assignee')}>
            <NativeSelect value={assignedTo} onChange={(e) => setAssignedTo(e.target.value)} data-testid="callback-assignee">
              <option value="">{t('inbox.unassigned')}</option>
              {item.assignee && !assignees.data?.some((a) => a.id === item.assignee!.id) && (
                <option value={item.assignee.id}>{fullNameOf(item.assignee) || item.assignee.email}</option>
              )}
              {assignees.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {fullNameOf(a) || a.email} ({t(`roles.${a.role}`)})
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : (
          <div className="flex flex-col gap-1.5 text-sm" data-testid="callback-assignee-text">
            <span className="font-medium">{t('inbox.assignee')}</span>
            <span className="text-muted-foreground">
              {item.assignee ? fullNameOf(item.assignee) || item.assignee.email : t('inbox.unassigned')}
            </span>
          </div>
        )}
      </div>
      {canManage ? (
        <FormField label={t('inbox.notes')}>
          <Textarea
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={5000}
            className="min-h-16"
            data-testid="callback-notes"
          />
        </FormField>
      ) : (
        item.notes && (
          <div className="flex flex-col gap-1.5 text-sm" data-testid="callback-notes-text">
            <span className="font-medium">{t('inbox.notes')}</span>
            <p className="whitespace-pre-wrap break-words text-muted-foreground">{item.notes}</p>
          </div>
        )
      )}
      <div className="flex justify-end">
        <Button size="sm" onClick={save} disabled={!changed || busy} data-testid="callback-save">
          {busy ? t('inbox.saving') : t('inbox.save')}
        </Button>
      </div>
    </li>
  );
}

/** Callback requests: flagged mental-health requests first, overdue ones (past 24 or 48 hours) marked. */
export function CallbackInbox({ canManage = true }: { canManage?: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const [view, setView] = useState<CallbackView>('open');
  const [page, setPage] = useState(1);
  const callbacks = useCallbacks(view, page);
  const linkedId = new URLSearchParams(useSearch()).get('request');
  // Owned here, not by the card: a saved card is replaced (or leaves the view), and the toast must still show.
  const update = useUpdateCallback();
  const onSave = (item: CallbackItem) => (body: CallbackUpdateBody) =>
    update.mutate(
      { id: item.id, ...body },
      {
        onSuccess: () =>
          toast({
            title: t('inbox.savedTitle'),
            description: item.name === null ? t('inbox.savedTextNoName') : t('inbox.savedText', { name: item.name }),
          }),
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <CrisisLinesCheck />
      <AdminListPanel
        testId="callback-inbox"
        title={t('inbox.title')}
        subtitle={t('inbox.subtitle')}
        viewLabel={t('inbox.show')}
        view={view}
        views={callbackViews.map((v) => ({ value: v, label: t(`inbox.views.${v}`) }))}
        onViewChange={setView}
        viewTestId="callback-view"
        query={callbacks}
        emptyText={t('inbox.empty')}
        renderItem={(item) => (
          <CallbackCard
            key={`${item.id}-${item.updatedAt}`}
            item={item}
            onSave={onSave(item)}
            busy={update.isPending && update.variables?.id === item.id}
            isLinked={item.id === linkedId}
            canManage={canManage}
          />
        )}
        page={page}
        onPage={setPage}
      />
    </div>
  );
}
