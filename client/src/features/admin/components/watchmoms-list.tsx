import { Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { NativeSelect, Textarea } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import { useLanguage } from '#client/lib/language.ts';
import { watchmomsStatuses, type WatchmomsItem, type WatchmomsUpdateBody, type WatchmomsView } from '#common/contracts/admin.ts';
import { countryNameIn } from '#common/domain/countries.ts';

import { useWatchmoms } from '../api/get-watchmoms.ts';
import { useUpdateWatchmoms } from '../api/update-watchmoms.ts';
import { AdminListPanel } from './admin-list-panel.tsx';

const statusVariant = { new: 'default', approved: 'success', declined: 'destructive', contacted: 'secondary' } as const;

function WatchmomsCard({ item, onSave, busy }: { item: WatchmomsItem; onSave: (body: WatchmomsUpdateBody) => void; busy: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const dates = useDates();
  const lang = useLanguage();
  const [status, setStatus] = useState(item.status);
  const [notes, setNotes] = useState(item.notes);
  const changed = status !== item.status || notes !== item.notes;
  const save = () => onSave({ ...(status !== item.status ? { status } : {}), ...(notes !== item.notes ? { notes } : {}) });
  const place = [item.streetAddress, item.cityState, item.country && countryNameIn(item.country, lang)].filter(Boolean).join(', ');
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4" data-testid="watchmoms-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{item.fullName}</p>
          <a
            href={`tel:${item.phone}`}
            className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
          >
            <Phone className="size-3.5" aria-hidden />
            {item.phone}
          </a>
        </div>
        <Badge variant={statusVariant[item.status]}>{t(`watchmoms.statuses.${item.status}`)}</Badge>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t('watchmoms.place')}</dt>
        <dd>{place}</dd>
        <dt className="text-muted-foreground">{t('watchmoms.church')}</dt>
        <dd>{item.churchAffiliation}</dd>
        {item.birthdate && (
          <>
            <dt className="text-muted-foreground">{t('watchmoms.birthdate')}</dt>
            <dd>{dates.date(`${item.birthdate}T12:00:00`)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('watchmoms.received')}</dt>
        <dd>{dates.dateTime(item.createdAt)}</dd>
      </dl>
      <blockquote className="whitespace-pre-line rounded-lg bg-muted p-3 text-sm">{item.reasonForJoining}</blockquote>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <FormField label={t('watchmoms.status')}>
          <NativeSelect
            value={status}
            onChange={(e) => setStatus(e.target.value as WatchmomsItem['status'])}
            data-testid="watchmoms-status"
          >
            {watchmomsStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`watchmoms.statuses.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t('watchmoms.notes')}>
          <Textarea
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            maxLength={5000}
            className="min-h-16"
            data-testid="watchmoms-notes"
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button size="sm" onClick={save} disabled={!changed || busy} data-testid="watchmoms-save">
          {busy ? t('watchmoms.saving') : t('watchmoms.save')}
        </Button>
      </div>
    </li>
  );
}

/** WatchMoms applications with their status and the team's notes. */
export function WatchmomsList() {
  const { t } = useTranslation(['admin', 'common']);
  const [view, setView] = useState<WatchmomsView>('all');
  const [page, setPage] = useState(1);
  const list = useWatchmoms(view, page);
  // Owned here, not by the card: a saved card is replaced (or leaves the view), and the toast must still show.
  const update = useUpdateWatchmoms();
  const onSave = (item: WatchmomsItem) => (body: WatchmomsUpdateBody) =>
    update.mutate(
      { id: item.id, ...body },
      {
        onSuccess: () => toast({ title: t('watchmoms.savedTitle'), description: t('watchmoms.savedText', { name: item.fullName }) }),
      },
    );
  return (
    <AdminListPanel
      testId="watchmoms-list"
      title={t('watchmoms.title')}
      subtitle={t('watchmoms.subtitle')}
      viewLabel={t('watchmoms.show')}
      view={view}
      views={(['all', ...watchmomsStatuses] as const).map((v) => ({
        value: v,
        label: v === 'all' ? t('watchmoms.all') : t(`watchmoms.statuses.${v}`),
      }))}
      onViewChange={setView}
      query={list}
      emptyText={t('watchmoms.empty')}
      renderItem={(item) => (
        <WatchmomsCard
          key={`${item.id}-${item.status}-${item.notes}`}
          item={item}
          onSave={onSave(item)}
          busy={update.isPending && update.variables?.id === item.id}
        />
      )}
      page={page}
      onPage={setPage}
    />
  );
}
