import { ArrowLeft, ArrowRight, Send } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { cn } from '#client/lib/utils.ts';
import type { Assessment } from '#common/contracts/course.ts';

const letter = (i: number) => String.fromCharCode(65 + i);

interface Props {
  assessment: Assessment;
  index: number;
  answers: (number | undefined)[];
  isSending: boolean;
  onChoose: (option: number) => void;
  /** -1 for the previous question, +1 for the next. */
  onMove: (step: 1 | -1) => void;
  onSend: () => void;
}

/** One question at a time: where the reader is, the options, previous / next, and submit on the last one. */
export function QuestionStep({ assessment: a, index, answers, isSending, onChoose: choose, onMove, onSend: send }: Props) {
  const { t } = useTranslation('course');
  const questionId = useId();
  const total = a.questions.length;
  const q = a.questions[Math.min(index, total - 1)]!;
  const isLast = index === total - 1;
  const answeredCount = answers.filter((x) => x !== undefined).length;
  const allAnswered = answeredCount === total;
  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <Badge variant="secondary" className="self-start">
          {t('assessment.kicker', { number: a.weekNumber })}
        </Badge>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{a.lessonTitle}</h1>
        <p className="text-sm text-muted-foreground">{t('assessment.intro', { count: total, passMark: a.passMark })}</p>
      </header>
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-sm font-medium">
          <span data-testid="question-position">{t('assessment.questionOf', { number: index + 1, total })}</span>
          <span className="text-muted-foreground">{t('assessment.answered', { count: answeredCount, total })}</span>
        </div>
        <Progress value={((index + 1) / total) * 100} label={t('assessment.questionOf', { number: index + 1, total })} />
      </div>
      <Card>
        {/* A <legend> must be the fieldset's first child to name it; the card header sits in between,
            so the question names the group of answers through aria-labelledby. */}
        <fieldset aria-labelledby={questionId}>
          <CardHeader>
            <h2 id={questionId} className="text-lg font-semibold leading-snug sm:text-xl" data-testid="question-text">
              {q.questionText}
            </h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-2.5">
            {q.options.map((option, i) => (
              <label
                key={i}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors hover:bg-secondary/50 sm:p-4',
                  'has-checked:border-primary has-checked:bg-secondary has-checked:ring-1 has-checked:ring-primary has-focus-visible:ring-2 has-focus-visible:ring-ring',
                )}
              >
                <input
                  type="radio"
                  name={`question-${q.id}`}
                  value={i}
                  checked={answers[index] === i}
                  onChange={() => choose(i)}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <span className="leading-snug">
                  <span className="mr-1.5 font-semibold text-primary" aria-hidden>
                    {letter(i)}.
                  </span>
                  {option}
                </span>
              </label>
            ))}
          </CardContent>
        </fieldset>
        <CardFooter className="justify-between gap-2">
          <Button variant="outline" onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowLeft aria-hidden />
            {t('assessment.previous')}
          </Button>
          {isLast ? (
            <Button onClick={send} disabled={!allAnswered || isSending} data-testid="submit-assessment">
              <Send aria-hidden />
              {isSending ? t('assessment.submitting') : t('assessment.submit')}
            </Button>
          ) : (
            <Button onClick={() => onMove(1)} disabled={answers[index] === undefined}>
              {t('assessment.next')}
              <ArrowRight aria-hidden />
            </Button>
          )}
        </CardFooter>
      </Card>
      {isLast && !allAnswered && <p className="text-center text-sm text-muted-foreground">{t('assessment.answerAll')}</p>}
    </div>
  );
}
