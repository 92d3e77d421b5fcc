import { CalendarClock, Heart, MailX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, IconCardHeader } from '#client/components/ui/card.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { toast } from '#client/components/ui/toast.tsx';
import { useDates } from '#client/lib/dates.ts';
import { describeError } from '#client/lib/errors.ts';
import { encouragementMessages, type DiscipleWeek, type EncouragementMessage } from '#common/contracts/mentor-week.ts';
import { daysBetween } from '#common/domain/mentor-week.ts';
import { TRACK_DAYS } from '#common/domain/track.ts';

import { useMentorWeek } from '../api/get-mentor-week.ts';
import { useSendEncouragement } from '../api/send-encouragement.ts';
import { useShortList } from '../hooks/use-short-list.tsx';
import { displayName } from '../utils/tree-index.ts';

const SHORT_LIST = 5;

/** "This week" above the tree: each direct disciple's week, who needs attention first, and a word of encouragement. */
export function ThisWeekPanel() {
  const { t } = useTranslation('mentor-week');
  const week = useMentorWeek();
  const disciples = week.data?.disciples ?? [];
  const { shown, toggle } = useShortList(disciples, SHORT_LIST, { all: (count) => t('showAll', { count }), fewer: t('showFewer') });
  const [encouraging, setEncouraging] = useState<DiscipleWeek | null>(null);
  // Nothing to show before the first disciple (the tree says how to add one), nor when it fails (the tree has its own state).
  if (disciples.length === 0) return null;
  return (
    <Card data-testid="this-week-panel">
      <IconCardHeader icon={CalendarClock} title={t('title')} description={t('subtitle')} />
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col divide-y" aria-label={t('label')}>
          {shown.map((d) => (
            <DiscipleRow key={d.id} disciple={d} onEncourage={() => setEncouraging(d)} />
          ))}
        </ul>
        {toggle}
      </CardContent>
      <EncourageDialog disciple={encouraging} onClose={() => setEncouraging(null)} />
    </Card>
  );
}

function DiscipleRow({ disciple: d, onEncourage }: { disciple: DiscipleWeek; onEncourage: () => void }) {
  const { t } = useTranslation('mentor-week');
  const { ago, date } = useDates();
  const name = displayName(d);
  const quietDays = d.lastActivityAt ? daysBetween(d.lastActivityAt, new Date()) : null;
  return (
    <li
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
      data-testid="week-disciple"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="truncate font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">
          {d.isCourseCompleted ? t('completed') : d.currentWeek !== null ? t('week', { week: d.currentWeek }) : null}
          {' · '}
          {d.lastActivityAt ? t('lastActive', { ago: ago(d.lastActivityAt) }) : t('neverActive')}
        </p>
        {/* The 7-day new-believer track, once begun (docs/decisions/074). */}
        {d.trackDays > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="week-track-days">
            {t('track', { count: d.trackDays, total: TRACK_DAYS })}
          </p>
        )}
        {(d.isStalled || d.failedTwiceWeek !== null || d.finishedWeek !== null) && (
          <div className="flex flex-wrap gap-1.5">
            {d.failedTwiceWeek !== null && <Badge variant="destructive">{t('flags.failedTwice', { week: d.failedTwiceWeek })}</Badge>}
            {d.isStalled && (
              <Badge variant="gold">{quietDays === null ? t('flags.stalledNever') : t('flags.stalled', { count: quietDays })}</Badge>
            )}
            {d.finishedWeek !== null && <Badge variant="success">{t('flags.finishedWeek', { week: d.finishedWeek })}</Badge>}
          </div>
        )}
      </div>
      <div className="shrink-0">
        {!d.acceptsEncouragement ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <MailX className="size-4" aria-hidden />
            {t('encourage.off')}
          </p>
        ) : d.nextEncouragementAt ? (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Heart className="size-4 text-primary" aria-hidden />
            {t('encourage.nextOn', { date: date(d.nextEncouragementAt) })}
          </p>
        ) : (
          <Button variant="outline" size="sm" onClick={onEncourage} aria-label={t('encourage.buttonFor', { name })}>
            <Heart aria-hidden />
            {t('encourage.button')}
          </Button>
        )}
      </div>
    </li>
  );
}

function EncourageDialog({ disciple, onClose }: { disciple: DiscipleWeek | null; onClose: () => void }) {
  const { t } = useTranslation(['mentor-week', 'common']);
  const send = useSendEncouragement();
  const [message, setMessage] = useState<EncouragementMessage>(encouragementMessages[0]);
  const name = disciple ? displayName(disciple) : '';
  const close = () => {
    send.reset();
    setMessage(encouragementMessages[0]);
    onClose();
  };
  const submit = () => {
    if (!disciple) return;
    send.mutate(
      { discipleId: disciple.id, message },
      {
        onSuccess: () => {
          toast({ title: t('encourage.sent'), description: t('encourage.sentText', { name }) });
          close();
        },
      },
    );
  };
  return (
    <Dialog open={disciple !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel={t('common:close')} data-testid="encourage-dialog">
        <DialogHeader>
          <DialogTitle>{t('encourage.title', { name })}</DialogTitle>
          <DialogDescription>{t('encourage.description', { name })}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-semibold">{t('encourage.legend')}</legend>
            {encouragementMessages.map((key) => (
              <label
                key={key}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  name="message"
                  value={key}
                  checked={message === key}
                  onChange={() => setMessage(key)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span>{t(`encourage.messages.${key}`)}</span>
              </label>
            ))}
          </fieldset>
          {send.isError && <ErrorAlert>{describeError(t, send.error, { ns: 'mentor-week' })}</ErrorAlert>}
          <DialogActions>
            <Button type="button" variant="outline" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('encourage.sending') : t('encourage.send')}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
