import { Award, BarChart3, BookOpen, CheckCircle2, LogOut, Megaphone, Network, ShieldCheck, Sparkles, Target, UserRoundPen, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import { isAdminRole } from '../../../../../common/contracts/auth.ts';
import { LoadingScreen } from '../../../components/layout/loading-screen.tsx';
import { MessageCard } from '../../../components/layout/message-card.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/utils.ts';
import { useCourseLessons } from '../api/get-course-lessons.ts';
import { useCourses } from '../api/get-courses.ts';
import { useDisciplesSummary } from '../api/get-disciples-summary.ts';
import { useProgress } from '../api/get-progress.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { readSectionsOf } from '../hooks/use-read-sections.ts';
import { ChallengeCard } from './challenge-card.tsx';
import { CourseShell } from './course-shell.tsx';
import { CurriculumList } from './curriculum-list.tsx';
import { StatCard } from './stat-card.tsx';
import { SupportCard } from './support-card.tsx';
import { isNewLearner, welcomeName } from '../utils/lesson-status.ts';

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
  const disciples = useDisciplesSummary();

  if (courses.isPending || (course && (progress.isPending || lessons.isPending))) return <LoadingScreen />;
  if (courses.isError || progress.isError || lessons.isError) return <ErrorCard onRetry={() => window.location.reload()} />;
  // Spec section 8: an empty course list gets the generic error card with a continue button that reloads.
  if (!course || !progress.data || !lessons.data) return <ErrorCard onRetry={() => window.location.reload()} />;

  const p = progress.data;
  const list = lessons.data;
  const name = welcomeName(user) ?? t('student');
  const isDone = p.overallProgress >= 100;
  const current = list.find((l) => l.id === (p.currentLessonId ?? list[0]?.id));
  const currentStarted = current ? readSectionsOf(current.id).length > 0 : false;
  const isNew = isNewLearner(p, list.map((l) => readSectionsOf(l.id).length));
  const certificateHref = `/certificate?courseId=${course.id}`;

  return (
    <CourseShell
      testId="dashboard-page"
      actions={
        <>
          {user && isAdminRole(user.role) && (
            <Link href="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="admin-button">
              <ShieldCheck aria-hidden />
              <span className="hidden sm:inline">{t('dashboard.admin')}</span>
              <span className="sr-only sm:hidden">{t('dashboard.admin')}</span>
            </Link>
          )}
          <a href={paths.logout} className={buttonVariants({ variant: 'ghost', size: 'sm' })} data-testid="logout-link">
            <LogOut aria-hidden />
            <span className="hidden sm:inline">{t('common:nav.logout')}</span>
            <span className="sr-only sm:hidden">{t('common:nav.logout')}</span>
          </a>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        <section className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(isNew ? 'dashboard.welcomeNew' : 'dashboard.welcome', { name })}</h1>
          <p className="text-muted-foreground">{course.title}</p>
        </section>

        {user?.onboardingStatus === 'skipped' && (
          <Card className="border-gold/60 bg-accent/40" data-testid="onboarding-reminder">
            <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:pt-6">
              <UserRoundPen className="size-8 shrink-0 text-gold-foreground dark:text-gold" aria-hidden />
              <div className="flex-1">
                <h2 className="font-semibold">{t('dashboard.onboarding.title')}</h2>
                <p className="text-sm text-muted-foreground">{t('dashboard.onboarding.text')}</p>
              </div>
              <Link href="/onboarding" className={buttonVariants({ variant: 'gold' })}>
                {t('dashboard.onboarding.action')}
              </Link>
            </CardContent>
          </Card>
        )}

        {isDone ? (
          <Card className="overflow-hidden border-0 bg-gradient-to-br from-primary to-primary/80 text-primary-foreground" data-testid="certificate-banner">
            <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
              <Award className="size-10 shrink-0 text-gold" aria-hidden />
              <div className="flex-1">
                <h2 className="text-lg font-bold">{t('dashboard.done.title')}</h2>
                <p className="text-sm opacity-90">{t('dashboard.done.text')}</p>
              </div>
              <Link href={certificateHref} className={buttonVariants({ variant: 'gold', size: 'lg' })} data-testid="certificate-button">
                <Award aria-hidden />
                {t('dashboard.done.action')}
              </Link>
            </CardContent>
          </Card>
        ) : (
          current && (
            <Card className="overflow-hidden border-0 bg-gradient-to-br from-primary to-primary/80 text-primary-foreground">
              <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
                <BookOpen className="size-10 shrink-0 text-gold" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="text-xs font-semibold uppercase tracking-wide opacity-80">
                    {t('dashboard.upNext', { number: current.weekNumber, total: p.totalLessons })}
                  </p>
                  <h2 className="text-lg font-bold leading-snug">{current.title}</h2>
                  <p className="text-sm opacity-90">{current.subtitle}</p>
                </div>
                <Link href={`/lesson/${current.id}`} className={buttonVariants({ variant: 'gold', size: 'lg' })}>
                  {currentStarted ? t('dashboard.curriculum.continue') : t('dashboard.curriculum.start')}
                </Link>
              </CardContent>
            </Card>
          )
        )}

        <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('dashboard.statsLabel')}>
          <StatCard icon={<BarChart3 />} label={t('dashboard.stats.progress')} value={t('percent', { value: p.overallProgress })} testId="stat-progress">
            <Progress value={p.overallProgress} label={t('dashboard.stats.progress')} />
          </StatCard>
          <StatCard
            icon={<CheckCircle2 />}
            label={t('dashboard.stats.weeks')}
            value={t('dashboard.stats.weeksValue', { done: p.completedLessons.length, total: p.totalLessons })}
            testId="stat-weeks"
          />
          <StatCard icon={<Users />} label={t('dashboard.stats.disciples')} value={String(disciples.data?.directDisciples ?? 0)} testId="stat-disciples" />
          <StatCard
            icon={<Target />}
            label={t('dashboard.stats.average')}
            value={p.averageScore === null ? t('notAvailable') : t('percent', { value: p.averageScore })}
            testId="stat-average"
          >
            <p className="text-xs text-muted-foreground">{t('dashboard.stats.averageHint')}</p>
          </StatCard>
        </section>

        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <CurriculumList lessons={list} progress={p} />
          </div>
          <div className="flex flex-col gap-6">
            <ChallengeCard courseId={course.id} challenge={course.challenge} />
            <Card data-testid="multiplication-card">
              <CardHeader>
                <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  <Sparkles className="size-4" aria-hidden />
                  {t('dashboard.multiply.kicker')}
                </p>
                <CardTitle as="h2">{t('dashboard.multiply.title')}</CardTitle>
                <CardDescription>{t('dashboard.multiply.text')}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-col gap-2">
                <Link href="/disciple-tree" className={buttonVariants({ variant: 'default' })}>
                  <Network aria-hidden />
                  {t('dashboard.multiply.tree')}
                </Link>
                <Link href="/evangelism-tools" className={buttonVariants({ variant: 'outline' })}>
                  <Megaphone aria-hidden />
                  {t('dashboard.multiply.tools')}
                </Link>
              </CardContent>
            </Card>
            <SupportCard />
          </div>
        </div>
        <p className={cn('text-center text-xs text-muted-foreground')}>{t('dashboard.passMarkNote')}</p>
      </div>
    </CourseShell>
  );
}
