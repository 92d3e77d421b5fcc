import { Check, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Badge } from '#client/components/ui/badge.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import type { LessonListItem, Progress } from '#common/contracts/course.ts';

import { readSectionsOf } from '../hooks/use-read-sections.ts';
import { lessonStatus } from '../utils/lesson-status.ts';

/** The 8 weeks with their status (spec section 4): completed (review), current (start/continue), locked. */
export function CurriculumList({ lessons, progress }: { lessons: LessonListItem[]; progress: Progress }) {
  const { t } = useTranslation('course');
  const firstId = lessons[0]?.id;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('dashboard.curriculum.title')}</CardTitle>
        <CardDescription>{t('dashboard.curriculum.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3" aria-label={t('dashboard.curriculum.title')}>
          {lessons.map((lesson) => {
            const status = lessonStatus(lesson.id, progress, firstId);
            const started = status === 'current' && readSectionsOf(lesson.id).length > 0;
            const score = progress.bestScores[lesson.id];
            return (
              <li
                key={lesson.id}
                data-testid={`week-${lesson.weekNumber}`}
                data-status={status}
                className={cn(
                  'flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center sm:p-4',
                  status === 'current' && 'border-primary/50 bg-secondary/40 ring-1 ring-primary/20',
                  status === 'locked' && 'border-dashed bg-muted/30',
                )}
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span
                    aria-hidden
                    className={cn(
                      'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                      status === 'completed' && 'bg-success/15 text-success',
                      status === 'current' && 'bg-primary text-primary-foreground',
                      status === 'locked' && 'bg-muted text-muted-foreground opacity-70',
                    )}
                  >
                    {status === 'completed' ? (
                      <Check className="size-5" />
                    ) : status === 'locked' ? (
                      <Lock className="size-4" />
                    ) : (
                      lesson.weekNumber
                    )}
                  </span>
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      {t('week', { number: lesson.weekNumber })}
                    </p>
                    <h3 className={cn('font-semibold leading-snug', status === 'locked' && 'text-muted-foreground')}>{lesson.title}</h3>
                    <p className="text-sm text-muted-foreground">{lesson.subtitle}</p>
                  </div>
                </div>
                <div className="flex shrink-0 items-center justify-between gap-3 pl-[3.25rem] sm:justify-end sm:pl-0">
                  {status === 'completed' && (
                    <>
                      <Badge variant="success" className="bg-success/10 text-foreground">
                        <Check className="size-3 text-success" aria-hidden />
                        {t('status.completed')}
                        {score !== undefined && <span className="font-normal">· {t('scorePercent', { score })}</span>}
                      </Badge>
                      <Link href={`/lesson/${lesson.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                        {t('dashboard.curriculum.review')}
                        <span className="sr-only"> {t('week', { number: lesson.weekNumber })}</span>
                      </Link>
                    </>
                  )}
                  {status === 'current' && (
                    <>
                      <Badge variant="gold">{started ? t('status.inProgress') : t('status.notStarted')}</Badge>
                      <Link href={`/lesson/${lesson.id}`} className={buttonVariants({ size: 'sm' })} data-testid="current-lesson-link">
                        {started ? t('dashboard.curriculum.continue') : t('dashboard.curriculum.start')}
                        <span className="sr-only"> {t('week', { number: lesson.weekNumber })}</span>
                      </Link>
                    </>
                  )}
                  {status === 'locked' && (
                    <Badge variant="outline" className="text-muted-foreground">
                      <Lock className="size-3 opacity-70" aria-hidden />
                      {t('status.locked')}
                    </Badge>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
