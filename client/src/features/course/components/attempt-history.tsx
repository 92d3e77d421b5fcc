import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useDates } from '#client/lib/dates.ts';

import { useLessonAttempts } from '../api/get-lesson-attempts.ts';

/** The learner's own newest attempts at this week's quiz, and when the next opens during a pause; nothing before the first attempt. */
export function AttemptHistory({ lessonId }: { lessonId: string }) {
  const { t } = useTranslation('course');
  const { dateTime: formatDateTime } = useDates();
  const { data } = useLessonAttempts(lessonId);
  const attempts = data?.attempts;
  if (!data || !attempts?.length) return null;
  return (
    <section aria-labelledby="attempts-title" data-testid="attempt-history">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <History className="size-5 text-primary" aria-hidden />
            <span id="attempts-title">{t('attempts.title')}</span>
          </CardTitle>
          <p className="text-sm text-muted-foreground">{t('attempts.hint', { count: data.total })}</p>
          {data.pausedUntil && (
            <p className="rounded-lg border bg-muted p-3 text-sm font-medium" data-testid="attempts-paused">
              {t('attempts.paused', { time: formatDateTime(data.pausedUntil) })}
            </p>
          )}
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col divide-y">
            {attempts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0">
                <time dateTime={a.submittedAt} className="text-sm text-muted-foreground">
                  {formatDateTime(a.submittedAt)}
                </time>
                <span className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums">{t('percent', { value: a.score })}</span>
                  <Badge variant={a.passed ? 'success' : 'destructive'}>{a.passed ? t('attempts.passed') : t('attempts.failed')}</Badge>
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
