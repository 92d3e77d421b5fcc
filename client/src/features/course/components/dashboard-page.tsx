import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { MentorLinksCard } from '#client/components/mentor-links/mentor-links-card.tsx';
import { useMentorLinks } from '#client/components/mentor-links/use-mentor-links.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { useFirstRenderWait } from '#client/lib/first-render.ts';

import { useCourseLessons } from '../api/get-course-lessons.ts';
import { useCourses } from '../api/get-courses.ts';
import { useProgress } from '../api/get-progress.ts';
import { useTrackContent } from '../api/get-track-content.ts';
import { trackQuery } from '../api/get-track.ts';
import { useLearningSync } from '../hooks/use-learning.ts';
import { readSectionsOf } from '../hooks/use-read-sections.ts';
import { isNewLearner, welcomeName } from '../utils/lesson-status.ts';
import { ChallengeCard } from './challenge-card.tsx';
import { CourseShell } from './course-shell.tsx';
import { CurriculumList } from './curriculum-list.tsx';
import {
  CertificateBanner,
  DashboardActions,
  DashboardStats,
  MultiplyCard,
  OnboardingReminder,
  PrayCard,
  UpNextBanner,
} from './dashboard-sections.tsx';
import { SupportCard } from './support-card.tsx';
import { TrackCard } from './track-card.tsx';
import { VerifyEmailCard } from './verify-email-card.tsx';

function ErrorCard({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['course', 'common']);
  return (
    <MessageCard
      title={t('common:errors.title')}
      message={t('dashboard.loadError')}
      action={<Button onClick={onRetry}>{t('common:continue')}</Button>}
    />
  );
}

export default function DashboardPage() {
  const { t } = useTranslation(['course', 'common']);
  const { data: user } = useCurrentUser();
  const courses = useCourses();
  const course = courses.data?.[0];
  const progress = useProgress(course?.id);
  const lessons = useCourseLessons(course?.id);
  // Ticks and sections read from other devices arrive here; this device's wait here when offline.
  useLearningSync(course?.id);

  // The cards above the lesson to take wait with it on the first render (nothing painted moves).
  const aboveTheLesson = useFirstRenderWait([useMentorLinks(), useQuery(trackQuery), useTrackContent()]);

  if (courses.isPending || (course && (progress.isPending || lessons.isPending)) || aboveTheLesson.isWaiting) return <LoadingScreen />;
  aboveTheLesson.shown();
  if (courses.isError || progress.isError || lessons.isError) return <ErrorCard onRetry={() => window.location.reload()} />;
  // Spec section 8: an empty course list gets the generic error card with a continue button that reloads.
  if (!course || !progress.data || !lessons.data) return <ErrorCard onRetry={() => window.location.reload()} />;

  const p = progress.data;
  const list = lessons.data;
  const name = welcomeName(user) ?? t('student');
  const current = list.find((l) => l.id === (p.currentLessonId ?? list[0]?.id));
  const isNew = isNewLearner(
    p,
    list.map((l) => readSectionsOf(l.id).length),
  );

  return (
    <CourseShell testId="dashboard-page" actions={<DashboardActions user={user} />}>
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t(isNew ? 'dashboard.welcomeNew' : 'dashboard.welcome', { name })}
          </h1>
          <p className="text-muted-foreground">{course.title}</p>
        </section>
        {user?.onboardingStatus === 'skipped' && <OnboardingReminder />}
        {user && !user.isEmailVerified && <VerifyEmailCard email={user.email} />}
        <MentorLinksCard />
        {/* The 7-day track first for someone new to it (docs/decisions/074). */}
        <TrackCard hasStartedCourse={p.completedLessons.length > 0} />
        {p.overallProgress >= 100 ? (
          <CertificateBanner href={`/certificate?courseId=${course.id}`} />
        ) : (
          current && <UpNextBanner lesson={current} totalLessons={p.totalLessons} />
        )}
        <DashboardStats progress={p} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <CurriculumList lessons={list} progress={p} />
          </div>
          <div className="flex flex-col gap-6">
            <ChallengeCard courseId={course.id} challenge={course.challenge} />
            <PrayCard />
            <MultiplyCard />
            <SupportCard />
          </div>
        </div>
        <p className="text-center text-xs text-muted-foreground">{t('dashboard.passMarkNote')}</p>
      </div>
    </CourseShell>
  );
}
