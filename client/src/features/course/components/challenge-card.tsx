import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Challenge } from '../../../../../common/contracts/course.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { useChallengeDays } from '../hooks/use-challenge-days.ts';

/** The 21-day challenge: summary on the dashboard, every day in a dialog where days can be ticked off (kept in this browser). */
export function ChallengeCard({ courseId, challenge }: { courseId: string; challenge: Challenge }) {
  const { t } = useTranslation(['course', 'common']);
  const [done, setDone] = useChallengeDays(courseId);
  const total = challenge.days.length;
  const count = [...done].filter((d) => d < total).length;
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
                    <Checkbox id={id} checked={done.has(i)} onCheckedChange={(v) => setDone(i, v === true)} className="mt-0.5" />
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
            <p className="text-xs text-muted-foreground">{t('challenge.localNote')}</p>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
