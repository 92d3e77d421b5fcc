import { Footprints } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { useDates } from '#client/lib/dates.ts';
import { trackPagePaths } from '#common/contracts/track.ts';
import { addDays } from '#common/domain/streak.ts';

import { useSkipTrack } from '../api/skip-track.ts';
import { useTrack } from '../hooks/use-track.ts';

/** When the next day opens, in words. */
export function useOpensText() {
  const { t } = useTranslation('track');
  const { day: formatDay } = useDates();
  return (day: number, opensOn: string | null, today: string) =>
    opensOn === null
      ? t('card.openToday', { day })
      : opensOn === addDays(today, 1)
        ? t('card.opensTomorrow', { day })
        : t('card.opensOn', { day, date: formatDay(opensOn) });
}

/**
 * The 7-day track on the dashboard (docs/decisions/074): first, as the step to take, for someone in
 * it or new (no week of the course passed, not skipped); a small line of progress otherwise.
 */
export function TrackCard({ hasStartedCourse }: { hasStartedCourse: boolean }) {
  const { t } = useTranslation('track');
  const { state, content, days, pace, today } = useTrack();
  const skip = useSkipTrack();
  const opensText = useOpensText();
  if (!state.data || !content.data || !pace) return null;
  const total = state.data.totalDays;
  const count = days.size;
  const isLead = !pace.isComplete && (count > 0 || (!state.data.isSkipped && !hasStartedCourse));

  if (!isLead)
    return (
      <Card data-testid="track-card" data-state={pace.isComplete ? 'complete' : 'quiet'}>
        <CardHeader>
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            <Footprints className="size-4" aria-hidden />
            {t('kicker')}
          </p>
          <CardTitle as="h2">{content.data.title}</CardTitle>
          <CardDescription>
            {pace.isComplete ? t('card.complete') : state.data.isSkipped ? t('card.skipped') : t('card.progress', { count, total })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Link
            href={pace.isComplete ? trackPagePaths.done : trackPagePaths.track}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {pace.isComplete ? t('page.finished') : t('card.view')}
          </Link>
        </CardContent>
      </Card>
    );

  const next = pace.nextDay!;
  return (
    <Card
      className="overflow-hidden border-0 bg-gradient-to-br from-primary to-primary/80 text-primary-foreground"
      data-testid="track-card"
      data-state="lead"
    >
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide opacity-80">
            <Footprints className="size-4 text-gold" aria-hidden />
            {t('kicker')}
          </p>
          <h2 className="text-lg font-bold leading-snug">{content.data.title}</h2>
          <p className="text-sm opacity-90">{count === 0 ? content.data.description : opensText(next, pace.opensOn, today)}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium" data-testid="track-progress">
            {t('card.progress', { count, total })}
            {pace.streak.days > 1 && ` · ${t('streak.days', { count: pace.streak.days })}`}
          </p>
          <Progress value={(count / total) * 100} label={t('card.progress', { count, total })} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link
            href={pace.isNextOpen ? `/track/day/${next}` : trackPagePaths.track}
            className={buttonVariants({ variant: 'gold', size: 'lg' })}
            data-testid="track-next"
          >
            {pace.isNextOpen ? (count === 0 ? t('card.start') : t('card.open', { day: next })) : t('card.view')}
          </Link>
        </div>
        {count === 0 && (
          <div className="flex flex-col items-start gap-1 border-t border-white/20 pt-3">
            <p className="text-xs opacity-90">{t('card.skipHint')}</p>
            <Button
              variant="link"
              className="h-auto min-h-9 whitespace-normal p-0 text-left text-primary-foreground"
              onClick={() => skip.mutate(true)}
              disabled={skip.isPending}
              data-testid="track-skip"
            >
              {t('card.skip')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
