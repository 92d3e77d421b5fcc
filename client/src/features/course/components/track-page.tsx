import { CheckCircle2, Circle, Lock, Sprout, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { trackPagePaths } from '#common/contracts/track.ts';
import { addDays } from '#common/domain/streak.ts';

import { useSkipTrack } from '../api/skip-track.ts';
import { useTrack } from '../hooks/use-track.ts';
import { CourseShell } from './course-shell.tsx';
import { useOpensText } from './track-card.tsx';

/** The learner's private streak on the track, in encouraging words. */
export function TrackStreak({ days }: { days: number }) {
  const { t } = useTranslation('track');
  return (
    <div className="flex items-start gap-2 rounded-xl bg-accent/40 p-3 text-sm" data-testid="track-streak">
      <Sprout className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
      <div className="flex flex-col gap-0.5">
        <p className="font-semibold">{days > 0 ? t('streak.days', { count: days }) : t('streak.none')}</p>
        <p className="text-muted-foreground">{t('streak.rule')}</p>
      </div>
    </div>
  );
}

/** /track: the seven days, which are done, which one is open today, and the way to skip or take it up. */
export default function TrackPage() {
  const { t } = useTranslation(['track', 'common', 'course']);
  const { state, content, days, pace, today } = useTrack();
  const skip = useSkipTrack();
  const opensText = useOpensText();
  if (state.isPending || content.isPending) return <LoadingScreen />;
  if (!state.data || !content.data || !pace)
    return (
      <MessageCard
        title={t('common:errors.title')}
        message={t('course:dashboard.loadError')}
        action={<Button onClick={() => window.location.reload()}>{t('common:continue')}</Button>}
      />
    );
  const total = state.data.totalDays;
  const isWaiting = [...days.values()].some((d) => d.isWaiting);
  return (
    <CourseShell back={{ href: '/dashboard', label: t('page.back') }} width="max-w-2xl" testId="track-page">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <Badge variant="secondary" className="self-start">
            {t('kicker')}
          </Badge>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{content.data.title}</h1>
          <p className="text-muted-foreground">{content.data.description}</p>
        </header>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">{t('card.progress', { count: days.size, total })}</p>
          <Progress value={(days.size / total) * 100} label={t('card.progress', { count: days.size, total })} />
          {pace.nextDay !== null && (
            <p className="text-sm text-muted-foreground" data-testid="track-next-text">
              {opensText(pace.nextDay, pace.opensOn, today)}
            </p>
          )}
        </div>
        {isWaiting && <p className="rounded-xl border border-dashed p-3 text-sm">{t('page.waiting')}</p>}
        <TrackStreak days={pace.streak.days} />
        {state.data.isSkipped && days.size === 0 && (
          <Card>
            <CardContent className="flex flex-col gap-3 pt-5 sm:pt-6">
              <p>{t('page.skipped')}</p>
              <Button className="self-start" onClick={() => skip.mutate(false)} disabled={skip.isPending}>
                {t('page.takeUp')}
              </Button>
            </CardContent>
          </Card>
        )}
        <ol className="flex flex-col gap-2" aria-label={content.data.title}>
          {content.data.days.map((d) => {
            const done = days.get(d.day);
            const isToday = pace.nextDay === d.day && pace.isNextOpen;
            const isTomorrow = pace.nextDay === d.day && !pace.isNextOpen && pace.opensOn === addDays(today, 1);
            const status = done ? 'done' : isToday ? 'today' : isTomorrow ? 'tomorrow' : 'later';
            const Icon = done ? CheckCircle2 : isToday ? Sun : status === 'later' ? Circle : Lock;
            const body = (
              <>
                <Icon
                  className={
                    done ? 'size-5 shrink-0 text-success' : isToday ? 'size-5 shrink-0 text-gold' : 'size-5 shrink-0 text-muted-foreground'
                  }
                  aria-hidden
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {t('page.day', { day: d.day })}
                  </span>
                  <span className="font-medium leading-snug">{d.title}</span>
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">{t(`page.status.${status}`)}</span>
              </>
            );
            const row = 'flex items-center gap-3 rounded-xl border p-3.5';
            return (
              <li key={d.day} data-testid={`track-day-${d.day}`} data-status={status}>
                {done || isToday ? (
                  <Link
                    href={trackPagePaths.day(d.day)}
                    className={`${row} hover:bg-secondary/50 ${isToday ? 'border-primary ring-1 ring-primary' : ''}`}
                  >
                    {body}
                  </Link>
                ) : (
                  <div className={`${row} border-dashed bg-muted/40`}>{body}</div>
                )}
              </li>
            );
          })}
        </ol>
        {pace.isComplete ? (
          <Link href={trackPagePaths.done} className={buttonVariants({ size: 'lg', className: 'self-start' })}>
            {t('page.finished')}
          </Link>
        ) : (
          days.size === 0 &&
          !state.data.isSkipped && (
            <Button variant="ghost" className="self-start" onClick={() => skip.mutate(true)} disabled={skip.isPending}>
              {t('page.skip')}
            </Button>
          )
        )}
      </div>
    </CourseShell>
  );
}
