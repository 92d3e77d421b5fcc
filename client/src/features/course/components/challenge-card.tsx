import { CalendarCheck, Sprout } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { useDates } from '#client/lib/dates.ts';
import type { Challenge } from '#common/contracts/course.ts';
import { catchUpDates } from '#common/domain/streak.ts';

import { useChallengeDays } from '../hooks/use-challenge-days.ts';
import { useStreak } from '../hooks/use-learning.ts';

/** The learner's own streak, in encouraging words only (nobody else sees it). */
function StreakLine({ courseId }: { courseId: string }) {
  const { t } = useTranslation('course');
  const streak = useStreak(courseId);
  return (
    <div className="flex items-start gap-2 rounded-xl bg-accent/40 p-3 text-sm" data-testid="streak">
      <Sprout className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{streak.days > 0 ? t('streak.days', { count: streak.days }) : t('streak.none')}</p>
        <p className="text-muted-foreground">{t('streak.rule')}</p>
      </div>
    </div>
  );
}

/** A missed day (yesterday or the day before) can still be counted with the next day of practice. */
function CatchUp({ courseId, total }: { courseId: string; total: number }) {
  const { t } = useTranslation('course');
  const { day: formatDay } = useDates();
  const streak = useStreak(courseId);
  const [done, setDone] = useChallengeDays(courseId);
  const nextDay = Array.from({ length: total }, (_, i) => i + 1).find((d) => !done.has(d));
  // Only a day after some earlier activity is "missed": before the first one there is nothing to keep.
  const first = [...streak.activeDates].sort()[0];
  const missed = catchUpDates(streak.today).filter((d) => !streak.activeDates.has(d) && first !== undefined && first < d);
  if (!nextDay || missed.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-dashed p-3" data-testid="catch-up">
      <p className="text-sm font-semibold">{t('streak.catchUpTitle')}</p>
      <p className="text-sm text-muted-foreground">{t('streak.catchUpText', { number: nextDay })}</p>
      <div className="flex flex-wrap gap-2">
        {missed.map((date) => (
          <Button
            key={date}
            variant="outline"
            size="sm"
            className="h-auto min-h-9 whitespace-normal text-left"
            onClick={() => setDone(nextDay, true, date)}
          >
            {t('streak.catchUpFor', { date: formatDay(date) })}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The 21-day challenge: summary and streak on the dashboard, every day in a dialog where days can be ticked off (synced). */
export function ChallengeCard({ courseId, challenge }: { courseId: string; challenge: Challenge }) {
  const { t } = useTranslation(['course', 'common']);
  const [done, setDone] = useChallengeDays(courseId);
  const total = challenge.days.length;
  const count = [...done].filter((d) => d <= total).length;
  return (
    <Card data-testid="challenge-card">
      <CardHeader>
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-gold-foreground dark:text-gold">
          <CalendarCheck className="size-4" aria-hidden />
          {t('challenge.kicker', { count: total })}
        </p>
        <CardTitle as="h2">{challenge.title}</CardTitle>
        <CardDescription className="line-clamp-4">{challenge.intro}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium">{t('challenge.daysDone', { count, total })}</p>
          <Progress value={(count / Math.max(total, 1)) * 100} label={t('challenge.daysDone', { count, total })} />
        </div>
        <StreakLine courseId={courseId} />
        <CatchUp courseId={courseId} total={total} />
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="gold">{count === 0 ? t('challenge.start') : t('challenge.open')}</Button>
          </DialogTrigger>
          <DialogContent closeLabel={t('common:close')} className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{challenge.title}</DialogTitle>
              <DialogDescription>{challenge.intro}</DialogDescription>
            </DialogHeader>
            <ol className="flex flex-col gap-2">
              {challenge.days.map((day, i) => {
                const id = `challenge-day-${i}`;
                return (
                  <li key={i} className="flex items-start gap-3 rounded-xl border p-3">
                    <Checkbox id={id} checked={done.has(i + 1)} onCheckedChange={(v) => setDone(i + 1, v === true)} className="mt-0.5" />
                    <label htmlFor={id} className="flex flex-col gap-0.5 text-sm">
                      <span className="font-semibold">
                        {t('challenge.day', { number: i + 1 })} · {day.title}
                      </span>
                      <span className="text-muted-foreground">{day.practice}</span>
                    </label>
                  </li>
                );
              })}
            </ol>
            <p className="text-xs text-muted-foreground">{t('challenge.syncNote')}</p>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
