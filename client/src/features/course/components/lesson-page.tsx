import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { useLanguage } from '#client/lib/language.ts';

import { assessmentQuery } from '../api/get-assessment.ts';
import { useLesson } from '../api/get-lesson.ts';
import { useLearningSync } from '../hooks/use-learning.ts';
import { useReadSections } from '../hooks/use-read-sections.ts';
import { AttemptHistory } from './attempt-history.tsx';
import { CourseShell } from './course-shell.tsx';
import { LessonProblem } from './lesson-problem.tsx';
import { AssessmentCall, KeyScriptures, LessonHeader, Reflection, Teaching } from './lesson-sections.tsx';

export default function LessonPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useTranslation(['course', 'common']);
  const { data: lesson, isPending, error } = useLesson(id);
  const { read, readCount, allRead, setRead } = useReadSections(id, lesson?.content.length ?? 0);
  useLearningSync(lesson?.courseId);
  const hasLesson = !!lesson;
  const qc = useQueryClient();
  const lang = useLanguage();
  // The quiz comes along with the lesson, so that a lesson opened once can be studied and its quiz taken offline.
  useEffect(() => {
    if (hasLesson) void qc.prefetchQuery(assessmentQuery(id, lang));
  }, [hasLesson, id, lang, qc]);
  // A link from a quiz result ("read section 3 again") lands on that section once the text is there.
  useEffect(() => {
    if (!hasLesson) return;
    const target = /^#section-\d+$/.test(window.location.hash) ? document.getElementById(window.location.hash.slice(1)) : null;
    if (!target) return;
    target.scrollIntoView({ block: 'start', behavior: 'instant' });
    target.focus({ preventScroll: true });
  }, [hasLesson, id]);

  if (isPending) return <LoadingScreen />;
  if (!lesson) return <LessonProblem error={error} kind="lesson" />;

  return (
    <CourseShell back={{ href: '/dashboard', label: t('backToDashboard') }} width="max-w-3xl" testId="lesson-page">
      <article className="flex flex-col gap-8">
        <LessonHeader lesson={lesson} />
        <KeyScriptures lesson={lesson} />
        <Teaching lesson={lesson} read={read} readCount={readCount} setRead={setRead} />
        <Reflection lesson={lesson} />
        <AttemptHistory lessonId={lesson.id} />
        <AssessmentCall lesson={lesson} allRead={allRead} sectionsLeft={lesson.content.length - readCount} />
      </article>
    </CourseShell>
  );
}
