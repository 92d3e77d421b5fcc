import { useQuery } from '@tanstack/react-query';
import { BookOpen, CloudUpload, HeartHandshake, Hourglass, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { onReconnect } from '#client/lib/connectivity.ts';
import { currentUserQuery } from '#client/lib/current-user.ts';
import { useDates } from '#client/lib/dates.ts';
import type { Assessment, SubmitResult } from '#common/contracts/course.ts';

import { useAssessment } from '../api/get-assessment.ts';
import { useLesson } from '../api/get-lesson.ts';
import { useSubmitAssessment } from '../api/submit-assessment.ts';
import { useLearningSync } from '../hooks/use-learning.ts';
import { useReadSections } from '../hooks/use-read-sections.ts';
import {
  flushQuizOutbox,
  isAnswered,
  newAttemptKey,
  readOutbox,
  removeQueued,
  shownAssessments,
  subscribeOutbox,
} from '../utils/quiz-outbox.ts';
import { ResultScreen } from './assessment-result.tsx';
import { CourseShell } from './course-shell.tsx';
import { LessonProblem } from './lesson-problem.tsx';
import { QuestionStep } from './question-step.tsx';

/** When the next try opens, from a refused draw (ATTEMPTS_PAUSED), or null. */
const pausedUntilOf = (err: unknown): string | null =>
  err instanceof ApiRequestError && err.body.code === 'ATTEMPTS_PAUSED' && typeof err.body.opensAt === 'string' ? err.body.opensAt : null;

/** This assessment's answers kept offline, until their result has been shown. */
function useQueuedQuiz(assessmentId: string | undefined) {
  const queued = useSyncExternalStore(
    subscribeOutbox,
    () => readOutbox().find((q) => q.assessmentId === assessmentId),
    // On the server (docs/decisions/084) nothing is kept offline.
    () => undefined,
  );
  useEffect(() => {
    if (!assessmentId) return;
    shownAssessments.add(assessmentId);
    const stopWatching = onReconnect(() => void flushQuizOutbox());
    void flushQuizOutbox();
    return () => {
      shownAssessments.delete(assessmentId);
      stopWatching();
      // A result shown here is done with; answers still waiting keep waiting.
      const done = readOutbox().find((q) => q.assessmentId === assessmentId && q.result);
      if (done) removeQueued(done.key);
    };
  }, [assessmentId]);
  return queued;
}

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
  // The result with the draw as it was answered: the review shows exactly what was asked, while the next draw loads.
  const [sent, setSent] = useState<{ result: SubmitResult; assessment: Assessment } | null>(null);
  const result = sent?.result;
  const { dateTime } = useDates();
  // One key per attempt: a resend of this attempt (offline, then back) is stored once.
  const attemptKey = useRef<string>(newAttemptKey());
  const queued = useQueuedQuiz(assessment.data?.id);
  // The account as the app shell already loaded it (no request of its own).
  const isWaitingForParent = useQuery({ ...currentUserQuery, enabled: false }).data?.consentStatus === 'pending_parent';
  useLearningSync(lesson.data?.courseId);

  const back = { href: `/lesson/${lessonId}`, label: t('assessment.backToLesson') };
  const backToLesson = (
    <Link href={`/lesson/${lessonId}`} className={buttonVariants()}>
      {t('assessment.backToLesson')}
    </Link>
  );
  const shown = result ?? queued?.result;
  // After 3 failed tries in a day the next opens after a pause (docs/decisions/073): the server says when.
  const pausedUntil = !shown && !queued && pausedUntilOf(assessment.error);
  if (pausedUntil)
    return (
      <div data-testid="quiz-paused">
        <MessageCard
          icon={<Hourglass className="size-10 text-primary" aria-hidden />}
          title={t('assessment.pausedTitle')}
          message={t('assessment.pausedText', { time: dateTime(pausedUntil) })}
          action={backToLesson}
        />
      </div>
    );
  if (assessment.isPending || lesson.isPending) return <LoadingScreen />;
  if (!assessment.data || !lesson.data) return <LessonProblem error={assessment.error ?? lesson.error} kind="assessment" />;
  const a = assessment.data;
  if (a.questions.length === 0) return <LessonProblem error={null} kind="assessment" />;
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

  if (shown)
    return (
      <CourseShell back={back} width="max-w-2xl" testId="assessment-result">
        <ResultScreen
          assessment={(sent ? sent.assessment : queued?.assessment) ?? a}
          sections={lesson.data.content}
          answers={result ? (answers as number[]) : (queued?.answers ?? [])}
          result={shown}
          courseId={lesson.data.courseId}
          isWeekCompleted={lesson.data.isCompleted}
          onRetry={() => {
            if (queued) removeQueued(queued.key);
            attemptKey.current = newAttemptKey();
            setAnswers([]);
            setIndex(0);
            setSent(null);
          }}
        />
      </CourseShell>
    );

  // Kept on this device: offline, or (decision 062) while a parent has not agreed yet.
  if (queued)
    return (
      <div data-testid={isWaitingForParent ? 'quiz-kept-for-parent' : 'quiz-queued'}>
        <MessageCard
          icon={
            isWaitingForParent ? (
              <HeartHandshake className="size-10 text-primary" aria-hidden />
            ) : (
              <CloudUpload className="size-10 text-primary" aria-hidden />
            )
          }
          title={t(isWaitingForParent ? 'parentQuiz.keptTitle' : 'offlineQuiz.savedTitle')}
          message={t(isWaitingForParent ? 'parentQuiz.keptText' : 'offlineQuiz.savedText')}
          action={
            <Link href={`/lesson/${lessonId}`} className={buttonVariants({ variant: 'outline' })}>
              {t('assessment.backToLesson')}
            </Link>
          }
        />
      </div>
    );

  // The draw on screen was already answered here (a copy kept for offline use, or the next one still
  // loading): a new try needs a new draw from the server.
  if (isAnswered(a.drawId)) {
    if (assessment.isFetching) return <LoadingScreen />;
    return (
      <div data-testid="quiz-needs-connection">
        <MessageCard
          icon={<WifiOff className="size-10 text-muted-foreground" aria-hidden />}
          title={t('assessment.offlineNewTitle')}
          message={t('assessment.offlineNewText')}
          action={backToLesson}
        />
      </div>
    );
  }

  const choose = (option: number) => setAnswers((prev) => Object.assign([...prev], { [index]: option }));
  const send = () =>
    submit.mutate(
      { assessment: a, answers: answers as number[], key: attemptKey.current },
      {
        onSuccess: (r) => {
          // null: kept offline; the queued card shows until it is sent.
          if (r) setSent({ result: r, assessment: a });
          window.scrollTo({ top: 0 });
        },
      },
    );

  return (
    <CourseShell back={back} width="max-w-2xl" testId="assessment-page">
      <QuestionStep
        assessment={a}
        index={index}
        answers={answers}
        isSending={submit.isPending}
        onChoose={choose}
        onMove={(step) => setIndex((i) => i + step)}
        onSend={send}
      />
    </CourseShell>
  );
}
