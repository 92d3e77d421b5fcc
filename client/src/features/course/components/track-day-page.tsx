import { BookOpen, CheckCircle2, HandHeart, Lightbulb, ListChecks, MessageCircleQuestion, Sparkles } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { describeError } from '#client/lib/errors.ts';
import { cn } from '#client/lib/utils.ts';
import { trackPagePaths, type TrackDayText } from '#common/contracts/track.ts';

import { useCompleteTrackDay, useTrack } from '../hooks/use-track.ts';
import { isWaitingForParent } from '../utils/learning-store.ts';
import { CourseShell } from './course-shell.tsx';

function Part({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground [&_svg]:size-4 [&_svg]:text-primary">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The one-question check: no pass mark; once answered, the right option and a short word about it. */
function Check({
  day,
  answered,
  onAnswer,
  isSending,
}: {
  day: TrackDayText;
  answered?: number;
  onAnswer: (answer: number) => void;
  isSending: boolean;
}) {
  const { t } = useTranslation('track');
  const questionId = useId();
  const [choice, setChoice] = useState<number | undefined>(undefined);
  const [isMissing, setMissing] = useState(false);
  const isAnswered = answered !== undefined;
  const picked = answered ?? choice;
  return (
    <Card>
      <fieldset aria-labelledby={questionId} disabled={isAnswered}>
        <CardHeader>
          <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            <ListChecks className="size-4 text-primary" aria-hidden />
            {t('day.check')}
          </p>
          <h2 id={questionId} className="text-lg font-semibold leading-snug">
            {day.check.question}
          </h2>
          {!isAnswered && <p className="text-sm text-muted-foreground">{t('day.checkHint')}</p>}
        </CardHeader>
        <CardContent className="flex flex-col gap-2.5">
          {day.check.options.map((option, i) => (
            <label
              key={i}
              className={cn(
                'flex items-start gap-3 rounded-xl border p-3.5',
                !isAnswered &&
                  'cursor-pointer hover:bg-secondary/50 has-checked:border-primary has-checked:bg-secondary has-checked:ring-1 has-checked:ring-primary has-focus-visible:ring-2 has-focus-visible:ring-ring',
                isAnswered && i === day.check.answer && 'border-success bg-success/10',
              )}
            >
              <input
                type="radio"
                name={`track-check-${day.day}`}
                value={i}
                checked={picked === i}
                onChange={() => {
                  setChoice(i);
                  setMissing(false);
                }}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              <span className="leading-snug">{option}</span>
            </label>
          ))}
        </CardContent>
      </fieldset>
      <CardContent className="flex flex-col gap-3">
        {isAnswered ? (
          <div className="flex flex-col gap-1 rounded-xl bg-accent/40 p-3 text-sm" role="status" data-testid="track-feedback">
            <p className="font-semibold">
              {answered === day.check.answer ? t('day.right') : t('day.other', { answer: day.check.options[day.check.answer] })}
            </p>
            <p>{day.check.feedback}</p>
          </div>
        ) : (
          <>
            {isMissing && <ErrorAlert>{t('day.chooseFirst')}</ErrorAlert>}
            <Button
              size="lg"
              className="h-auto min-h-11 self-start whitespace-normal"
              disabled={isSending}
              onClick={() => (choice === undefined ? setMissing(true) : onAnswer(choice))}
              data-testid="track-finish"
            >
              <CheckCircle2 aria-hidden />
              {t('day.finish', { day: day.day })}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /track/day/:day: one day of the 7-day track, open on its calendar day (docs/decisions/074). */
export default function TrackDayPage() {
  const { t } = useTranslation(['track', 'common', 'course']);
  const params = useParams<{ day: string }>();
  const number = Number(params.day);
  const { state, content, days, pace } = useTrack();
  const complete = useCompleteTrackDay();
  if (state.isPending || content.isPending) return <LoadingScreen />;
  if (!state.data || !content.data || !pace)
    return (
      <MessageCard
        title={t('common:errors.title')}
        message={t('course:dashboard.loadError')}
        action={<Button onClick={() => window.location.reload()}>{t('common:continue')}</Button>}
      />
    );
  const day = content.data.days.find((d) => d.day === number);
  const back = { href: trackPagePaths.track, label: t('day.toTrack') };
  if (!day)
    return (
      <MessageCard
        title={t('day.notFound')}
        action={
          <Link href={trackPagePaths.track} className={buttonVariants()}>
            {t('day.toTrack')}
          </Link>
        }
      />
    );
  const done = days.get(number);
  const isOpen = done !== undefined || (pace.nextDay === number && pace.isNextOpen);
  const total = state.data.totalDays;

  if (!isOpen)
    return (
      <CourseShell back={back} width="max-w-2xl" testId="track-day-locked">
        <MessageCard
          title={t('day.lockedTitle')}
          message={
            pace.nextDay === number
              ? t('day.lockedTomorrow', { day: number })
              : t('day.lockedEarlier', { previous: pace.nextDay ?? number - 1 })
          }
          action={
            <Link href={trackPagePaths.track} className={buttonVariants()}>
              {t('day.toTrack')}
            </Link>
          }
        />
      </CourseShell>
    );

  const isLast = number === total;
  return (
    <CourseShell back={back} width="max-w-2xl" testId="track-day-page">
      <article className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{t('day.kicker', { day: number, total })}</Badge>
            <span className="text-xs text-muted-foreground">{t('day.minutes')}</span>
          </div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{day.title}</h1>
        </header>
        <Part icon={<BookOpen />} title={t('day.passage')}>
          <blockquote className="rounded-xl border-l-4 border-primary bg-secondary/50 p-4">
            <p className="font-serif text-lg leading-relaxed">{day.passage.text}</p>
            <footer className="mt-2 text-sm font-semibold text-muted-foreground">
              {day.passage.ref} ({day.passage.translation})
            </footer>
          </blockquote>
        </Part>
        <Part icon={<Lightbulb />} title={t('day.explanation')}>
          <p className="leading-relaxed">{day.explanation}</p>
        </Part>
        <Part icon={<HandHeart />} title={t('day.prayer')}>
          <p className="italic leading-relaxed">{day.prayer}</p>
        </Part>
        <Part icon={<Sparkles />} title={t('day.action')}>
          <p className="leading-relaxed">{day.action}</p>
        </Part>
        <Part icon={<MessageCircleQuestion />} title={t('day.question')}>
          <p className="leading-relaxed">{day.question}</p>
        </Part>
        <Check
          day={day}
          answered={done?.answer}
          isSending={complete.isPending}
          onAnswer={(answer) => complete.mutate({ day: number, answer })}
        />
        {complete.isError && <ErrorAlert>{describeError(t, complete.error)}</ErrorAlert>}
        {done && (
          <div className="flex flex-col gap-3" data-testid="track-day-done">
            <p className="font-semibold">{t('day.finished', { day: number })}</p>
            {done.isWaiting && (
              <p className="text-sm text-muted-foreground">{isWaitingForParent() ? t('day.waitingParent') : t('day.waiting')}</p>
            )}
            {!isLast && !pace.isNextOpen && pace.nextDay === number + 1 && (
              <p className="text-sm text-muted-foreground">{t('day.nextTomorrow', { day: number + 1 })}</p>
            )}
            <Link
              href={pace.isComplete ? trackPagePaths.done : trackPagePaths.track}
              className={buttonVariants({ size: 'lg', className: 'self-start' })}
              data-testid="track-day-next"
            >
              {pace.isComplete ? t('day.toDone') : t('day.toTrack')}
            </Link>
          </div>
        )}
      </article>
    </CourseShell>
  );
}
