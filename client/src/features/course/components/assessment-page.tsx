import { ArrowLeft, ArrowRight, Award, BookOpen, CheckCircle2, RotateCcw, Send, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { Assessment, Lesson, SubmitResult } from '../../../../../common/contracts/course.ts';
import { scoreBand } from '../../../../../common/domain/scoring.ts';
import { LoadingScreen } from '../../../components/layout/loading-screen.tsx';
import { MessageCard } from '../../../components/layout/message-card.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/utils.ts';
import { useAssessment } from '../api/get-assessment.ts';
import { useLesson } from '../api/get-lesson.ts';
import { useSubmitAssessment } from '../api/submit-assessment.ts';
import { useReadSections } from '../hooks/use-read-sections.ts';
import { CourseShell } from './course-shell.tsx';
import { LessonProblem } from './lesson-problem.tsx';

const letter = (i: number) => String.fromCharCode(65 + i);

export default function AssessmentPage() {
  const { id = '' } = useParams<{ id: string }>();
  // A new lesson id starts a fresh attempt.
  return <AssessmentFlow key={id} lessonId={id} />;
}

function AssessmentFlow({ lessonId }: { lessonId: string }) {
  const { t } = useTranslation(['course', 'common']);
  const assessment = useAssessment(lessonId);
  const lesson = useLesson(lessonId);
  const { allRead } = useReadSections(lessonId, lesson.data?.content.length ?? 0);
  const submit = useSubmitAssessment(lesson.data?.courseId);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<(number | undefined)[]>([]);
  const [result, setResult] = useState<SubmitResult | null>(null);

  if (assessment.isPending || lesson.isPending) return <LoadingScreen />;
  if (!assessment.data || !lesson.data) return <LessonProblem error={assessment.error ?? lesson.error} kind="assessment" />;
  const a = assessment.data;
  if (a.questions.length === 0) return <LessonProblem error={null} kind="assessment" />;

  const back = { href: `/lesson/${lessonId}`, label: t('assessment.backToLesson') };
  if (!result && !lesson.data.isCompleted && !allRead)
    return (
      <MessageCard
        icon={<BookOpen className="size-10 text-primary" aria-hidden />}
        title={t('assessment.readFirstTitle')}
        message={t('assessment.readFirstText')}
        action={
          <Link href={`/lesson/${lessonId}`} className={buttonVariants()}>
            {t('assessment.backToLesson')}
          </Link>
        }
      />
    );

  if (result)
    return (
      <CourseShell back={back} width="max-w-2xl" testId="assessment-result">
        <ResultScreen
          assessment={a}
          sections={lesson.data.content}
          answers={answers as number[]}
          result={result}
          courseId={lesson.data.courseId}
          onRetry={() => {
            setAnswers([]);
            setIndex(0);
            setResult(null);
          }}
        />
      </CourseShell>
    );

  const total = a.questions.length;
  const q = a.questions[Math.min(index, total - 1)]!;
  const isLast = index === total - 1;
  const answeredCount = answers.filter((x) => x !== undefined).length;
  const allAnswered = answeredCount === total;
  const choose = (option: number) => setAnswers((prev) => Object.assign([...prev], { [index]: option }));
  const send = () =>
    submit.mutate(
      { assessmentId: a.id, answers: answers as number[] },
      {
        onSuccess: (r) => {
          setResult(r);
          window.scrollTo({ top: 0 });
        },
      },
    );

  return (
    <CourseShell back={back} width="max-w-2xl" testId="assessment-page">
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
          <fieldset>
            <CardHeader>
              <legend className="text-lg font-semibold leading-snug sm:text-xl" data-testid="question-text">
                {q.questionText}
              </legend>
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
                  <input type="radio" name={`question-${q.id}`} value={i} checked={answers[index] === i} onChange={() => choose(i)} className="mt-1 size-4 shrink-0 accent-primary" />
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
            <Button variant="outline" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              <ArrowLeft aria-hidden />
              {t('assessment.previous')}
            </Button>
            {isLast ? (
              <Button onClick={send} disabled={!allAnswered || submit.isPending} data-testid="submit-assessment">
                <Send aria-hidden />
                {submit.isPending ? t('assessment.submitting') : t('assessment.submit')}
              </Button>
            ) : (
              <Button onClick={() => setIndex((i) => i + 1)} disabled={answers[index] === undefined}>
                {t('assessment.next')}
                <ArrowRight aria-hidden />
              </Button>
            )}
          </CardFooter>
        </Card>
        {isLast && !allAnswered && <p className="text-center text-sm text-muted-foreground">{t('assessment.answerAll')}</p>}
      </div>
    </CourseShell>
  );
}

interface ResultProps {
  assessment: Assessment;
  /** The lesson's teaching sections, to name the one to read again. */
  sections: Lesson['content'];
  answers: number[];
  result: SubmitResult;
  courseId: string;
  onRetry: () => void;
}

function ResultScreen({ assessment, sections, answers, result, courseId, onRetry }: ResultProps) {
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
          {result.passed ? <CheckCircle2 className="size-16 text-success" aria-hidden /> : <XCircle className="size-16 text-destructive" aria-hidden />}
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
          ) : (
            <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm font-medium text-destructive">
              {t('result.needSeventy')}
            </p>
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
                <Link href={`/certificate?courseId=${courseId}`} className={buttonVariants({ variant: 'gold' })} data-testid="get-certificate">
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
              <Button onClick={onRetry} data-testid="retry">
                <RotateCcw aria-hidden />
                {t('result.retry')}
              </Button>
              {reviewLesson}
            </>
          )}
        </CardContent>
      </Card>

      {!result.passed && <WrongAnswers assessment={assessment} sections={sections} answers={answers} result={result} />}

      {result.passed && result.correctAnswers.length === assessment.questions.length && (
        <section aria-labelledby="review-title" className="flex flex-col gap-3" data-testid="answer-review">
          <h2 id="review-title" className="text-lg font-semibold">
            {t('result.reviewTitle')}
          </h2>
          {assessment.questions.map((q, i) => {
            const right = answers[i] === result.correctAnswers[i];
            return (
              <Card key={q.id} className="p-4">
                <p className="flex items-start gap-2 font-medium">
                  {right ? <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label={t('result.right')} /> : <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label={t('result.wrong')} />}
                  <span>
                    {i + 1}. {q.questionText}
                  </span>
                </p>
                {!right && (
                  <p className="mt-1 pl-6 text-sm text-muted-foreground">
                    {t('result.yourAnswer', { answer: q.options[answers[i]!] ?? '' })}
                  </p>
                )}
                <p className="mt-1 pl-6 text-sm text-success">{t('result.correctAnswer', { answer: q.options[result.correctAnswers[i]!] ?? '' })}</p>
              </Card>
            );
          })}
        </section>
      )}
    </div>
  );
}

/** After a fail: the questions answered wrongly, each with the section that teaches it, never the right option. */
function WrongAnswers({ assessment, sections, answers, result }: Pick<ResultProps, 'assessment' | 'sections' | 'answers' | 'result'>) {
  const { t } = useTranslation('course');
  const wrong = assessment.questions.map((q, i) => ({ q, i })).filter(({ i }) => result.questionResults[i] === false);
  if (wrong.length === 0) return null;
  return (
    <section aria-labelledby="to-review-title" className="flex flex-col gap-3" data-testid="wrong-answers">
      <div>
        <h2 id="to-review-title" className="text-lg font-semibold">
          {t('result.toReviewTitle', { count: wrong.length })}
        </h2>
        <p className="text-sm text-muted-foreground">{t('result.toReviewHint')}</p>
      </div>
      {wrong.map(({ q, i }) => {
        const heading = sections[q.section - 1]?.heading;
        return (
          <Card key={q.id} className="p-4" data-testid="wrong-answer">
            <p className="flex items-start gap-2 font-medium">
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label={t('result.wrong')} />
              <span>
                {i + 1}. {q.questionText}
              </span>
            </p>
            <p className="mt-1 pl-6 text-sm text-muted-foreground">{t('result.yourAnswer', { answer: q.options[answers[i]!] ?? '' })}</p>
            {heading && (
              <Link href={`/lesson/${assessment.lessonId}#section-${q.section}`} className="mt-2 ml-6 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="read-section">
                <BookOpen className="size-4" aria-hidden />
                {t('result.readSection', { number: q.section, heading })}
              </Link>
            )}
          </Card>
        );
      })}
    </section>
  );
}
