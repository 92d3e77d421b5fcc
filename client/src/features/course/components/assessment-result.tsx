import { ArrowRight, Award, BookOpen, CheckCircle2, RotateCcw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { ErrorAlert } from '#client/components/ui/error-alert.tsx';
import { useDates } from '#client/lib/dates.ts';
import type { Assessment, Lesson, SubmitResult } from '#common/contracts/course.ts';
import { scoreBand } from '#common/domain/scoring.ts';

interface ResultProps {
  assessment: Assessment;
  /** The lesson's teaching sections, to name the one to read again. */
  sections: Lesson['content'];
  answers: number[];
  result: SubmitResult;
  courseId: string;
  /** The week was passed before this attempt: a failed retake does not undo it. */
  isWeekCompleted: boolean;
  onRetry: () => void;
}

/** The score, feedback, what to do next (next lesson, certificate, retry), and what to review. */
export function ResultScreen({ assessment, sections, answers, result, courseId, isWeekCompleted, onRetry }: ResultProps) {
  const { t } = useTranslation('course');
  const reviewLesson = (
    <Link href={`/lesson/${assessment.lessonId}`} className={buttonVariants({ variant: 'outline' })}>
      <BookOpen aria-hidden />
      {t('result.reviewLesson')}
    </Link>
  );
  return (
    <div className="flex flex-col gap-6">
      <Card className="text-center">
        <CardHeader className="items-center gap-3">
          {result.passed ? (
            <CheckCircle2 className="size-16 text-success" aria-hidden />
          ) : (
            <XCircle className="size-16 text-destructive" aria-hidden />
          )}
          <h1 className="text-2xl font-bold sm:text-3xl">{result.passed ? t('result.passedTitle') : t('result.failedTitle')}</h1>
          <p className="text-5xl font-extrabold tracking-tight" data-testid="result-score">
            {t('percent', { value: result.score })}
          </p>
          <p className="text-muted-foreground">{t('result.correctCount', { count: result.correctCount, total: result.totalQuestions })}</p>
          <p className="font-medium" data-testid="result-feedback">
            {t(`result.feedback.${scoreBand(result.score)}`)}
          </p>
          {result.passed ? (
            <p>{t('result.passedText', { number: assessment.weekNumber })}</p>
          ) : isWeekCompleted ? (
            <p className="rounded-lg border bg-muted p-3 text-sm font-medium" data-testid="week-stays-completed">
              {t('result.staysCompleted', { number: assessment.weekNumber, passMark: result.passMark })}
            </p>
          ) : (
            <ErrorAlert className="border border-destructive/30">{t('result.needSeventy')}</ErrorAlert>
          )}
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-2 sm:flex-row sm:flex-wrap">
          {result.passed ? (
            <>
              {result.nextLessonId ? (
                <Link href={`/lesson/${result.nextLessonId}`} className={buttonVariants()} data-testid="next-lesson">
                  {t('result.nextLesson', { number: assessment.weekNumber + 1 })}
                  <ArrowRight aria-hidden />
                </Link>
              ) : (
                <Link
                  href={`/certificate?courseId=${courseId}`}
                  className={buttonVariants({ variant: 'gold' })}
                  data-testid="get-certificate"
                >
                  <Award aria-hidden />
                  {t('result.getCertificate')}
                </Link>
              )}
              <Link href="/dashboard" className={buttonVariants({ variant: 'secondary' })} data-testid="back-to-dashboard">
                {t('backToDashboard')}
              </Link>
              {reviewLesson}
            </>
          ) : (
            <>
              {/* During the pause after 3 failed tries the lesson is the way on, not another try. */}
              {!result.pausedUntil && (
                <Button onClick={onRetry} data-testid="retry">
                  <RotateCcw aria-hidden />
                  {t('result.retry')}
                </Button>
              )}
              {reviewLesson}
            </>
          )}
        </CardContent>
      </Card>

      {!result.passed && <SectionsToReview assessment={assessment} sections={sections} result={result} />}

      {result.passed && result.correctAnswers.length === assessment.questions.length && (
        <AnswerReview assessment={assessment} answers={answers} correctAnswers={result.correctAnswers} />
      )}
    </div>
  );
}

/**
 * After a fail: the lesson sections the missed questions come from, each linked, with how many were
 * missed; never which questions or which option was right (docs/decisions/073).
 */
function SectionsToReview({ assessment, sections, result }: Pick<ResultProps, 'assessment' | 'sections' | 'result'>) {
  const { t } = useTranslation('course');
  const { dateTime } = useDates();
  if (result.sectionsToReview.length === 0) return null;
  return (
    <section aria-labelledby="to-review-title" className="flex flex-col gap-3" data-testid="sections-to-review">
      <div>
        <h2 id="to-review-title" className="text-lg font-semibold">
          {t('result.sectionsTitle', { count: result.sectionsToReview.length })}
        </h2>
        <p className="text-sm text-muted-foreground">{t('result.sectionsHint')}</p>
      </div>
      {result.pausedUntil && (
        <p className="rounded-lg border bg-muted p-3 text-sm font-medium" data-testid="result-paused">
          {t('result.pausedText', { time: dateTime(result.pausedUntil) })}
        </p>
      )}
      {result.sectionsToReview.map(({ section, missed }) => {
        const heading = sections[section - 1]?.heading;
        if (!heading) return null;
        return (
          <Card key={section} className="p-4" data-testid="section-to-review">
            <Link
              href={`/lesson/${assessment.lessonId}#section-${section}`}
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
              data-testid="read-section"
            >
              <BookOpen className="size-4 shrink-0" aria-hidden />
              {t('result.readSection', { number: section, heading })}
            </Link>
            <p className="mt-1 pl-6 text-sm text-muted-foreground">{t('result.missed', { count: missed })}</p>
          </Card>
        );
      })}
    </section>
  );
}

/** After a pass: every question with the reader's answer and the right one. */
function AnswerReview({ assessment, answers, correctAnswers }: { assessment: Assessment; answers: number[]; correctAnswers: number[] }) {
  const { t } = useTranslation('course');
  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-3" data-testid="answer-review">
      <h2 id="review-title" className="text-lg font-semibold">
        {t('result.reviewTitle')}
      </h2>
      {assessment.questions.map((q, i) => {
        const right = answers[i] === correctAnswers[i];
        return (
          <Card key={q.id} className="p-4">
            <p className="flex items-start gap-2 font-medium">
              {right ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label={t('result.right')} />
              ) : (
                <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label={t('result.wrong')} />
              )}
              <span>
                {i + 1}. {q.questionText}
              </span>
            </p>
            {!right && (
              <p className="mt-1 pl-6 text-sm text-muted-foreground">{t('result.yourAnswer', { answer: q.options[answers[i]!] ?? '' })}</p>
            )}
            <p className="mt-1 pl-6 text-sm text-success">{t('result.correctAnswer', { answer: q.options[correctAnswers[i]!] ?? '' })}</p>
          </Card>
        );
      })}
    </section>
  );
}
