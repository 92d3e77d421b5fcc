import {
  Award,
  BarChart3,
  BookOpen,
  CheckCircle2,
  HandHeart,
  Megaphone,
  Network,
  PhoneCall,
  Settings,
  ShieldCheck,
  Sparkles,
  Target,
  UserRoundPen,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { LogoutLink } from '#client/components/layout/logout-link.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Progress } from '#client/components/ui/progress.tsx';
import { ResponsiveLabel } from '#client/components/ui/responsive-label.tsx';
import { StatCard } from '#client/components/ui/stat-card.tsx';
import type { CurrentUser } from '#common/contracts/auth.ts';
import type { Progress as CourseProgress, LessonListItem } from '#common/contracts/course.ts';
import { isAdminRole, opensCallbackInbox } from '#common/domain/roles.ts';

import { useDisciplesSummary } from '../api/get-disciples-summary.ts';
import { readSectionsOf } from '../hooks/use-read-sections.ts';
import { KickerCardHeader } from './kicker-card-header.tsx';

/** Header controls: the admin console for admins (the callback requests for a responder who is not one), and log out. */
export function DashboardActions({ user }: { user: CurrentUser | null | undefined }) {
  const { t } = useTranslation('course');
  return (
    <>
      {user && isAdminRole(user.role) && (
        <Link href="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="admin-button">
          <ShieldCheck aria-hidden />
          <ResponsiveLabel>{t('dashboard.admin')}</ResponsiveLabel>
        </Link>
      )}
      {user && !isAdminRole(user.role) && user.isSafeguardingLead && (
        <Link
          href="/admin?tab=safeguarding"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          data-testid="safeguarding-button"
        >
          <ShieldCheck aria-hidden />
          <ResponsiveLabel>{t('dashboard.safeguarding')}</ResponsiveLabel>
        </Link>
      )}
      {user && !isAdminRole(user.role) && opensCallbackInbox(user) && (
        <Link href="/admin?tab=callbacks" className={buttonVariants({ variant: 'outline', size: 'sm' })} data-testid="callbacks-button">
          <PhoneCall aria-hidden />
          <ResponsiveLabel>{t('dashboard.callbacks')}</ResponsiveLabel>
        </Link>
      )}
      <Link href="/pray" className={buttonVariants({ variant: 'ghost', size: 'sm' })} data-testid="pray-link">
        <HandHeart aria-hidden />
        <ResponsiveLabel>{t('dashboard.pray')}</ResponsiveLabel>
      </Link>
      <Link href="/settings" className={buttonVariants({ variant: 'ghost', size: 'sm' })} data-testid="settings-link">
        <Settings aria-hidden />
        <ResponsiveLabel>{t('dashboard.settings')}</ResponsiveLabel>
      </Link>
      <LogoutLink testId="logout-link" />
    </>
  );
}

/** For someone who skipped the profile: a way back to it. */
export function OnboardingReminder() {
  const { t } = useTranslation('course');
  return (
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
  );
}

interface BannerProps {
  icon: LucideIcon;
  kicker?: string;
  title: string;
  text: string;
  action: ReactNode;
  testId?: string;
}

function Banner({ icon: Icon, kicker, title, text, action, testId }: BannerProps) {
  return (
    <Card className="overflow-hidden border-0 bg-gradient-to-br from-primary to-primary/80 text-primary-foreground" data-testid={testId}>
      <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
        <Icon className="size-10 shrink-0 text-gold" aria-hidden />
        <div className="min-w-0 flex-1">
          {kicker && <p className="text-xs font-semibold uppercase tracking-wide opacity-80">{kicker}</p>}
          <h2 className={kicker ? 'text-lg font-bold leading-snug' : 'text-lg font-bold'}>{title}</h2>
          <p className="text-sm opacity-90">{text}</p>
        </div>
        {action}
      </CardContent>
    </Card>
  );
}

/** The course is complete: the way to the certificate. */
export function CertificateBanner({ href }: { href: string }) {
  const { t } = useTranslation('course');
  return (
    <Banner
      testId="certificate-banner"
      icon={Award}
      title={t('dashboard.done.title')}
      text={t('dashboard.done.text')}
      action={
        <Link href={href} className={buttonVariants({ variant: 'gold', size: 'lg' })} data-testid="certificate-button">
          <Award aria-hidden />
          {t('dashboard.done.action')}
        </Link>
      }
    />
  );
}

/** The lesson to take now: start it, or continue where the reader left off. */
export function UpNextBanner({ lesson, totalLessons }: { lesson: LessonListItem; totalLessons: number }) {
  const { t } = useTranslation('course');
  const isStarted = readSectionsOf(lesson.id).length > 0;
  return (
    <Banner
      icon={BookOpen}
      kicker={t('dashboard.upNext', { number: lesson.weekNumber, total: totalLessons })}
      title={lesson.title}
      text={lesson.subtitle}
      action={
        <Link href={`/lesson/${lesson.id}`} className={buttonVariants({ variant: 'gold', size: 'lg' })}>
          {isStarted ? t('dashboard.curriculum.continue') : t('dashboard.curriculum.start')}
          {/* A link's name says where it goes ("Start" alone does not: Lighthouse's link-text audit). */}
          <span className="sr-only"> {t('week', { number: lesson.weekNumber })}</span>
        </Link>
      }
    />
  );
}

/** Progress, weeks done, disciples, average score. */
export function DashboardStats({ progress: p }: { progress: CourseProgress }) {
  const { t } = useTranslation('course');
  const disciples = useDisciplesSummary();
  return (
    <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('dashboard.statsLabel')}>
      <StatCard
        icon={<BarChart3 />}
        label={t('dashboard.stats.progress')}
        value={t('percent', { value: p.overallProgress })}
        testId="stat-progress"
      >
        <Progress value={p.overallProgress} label={t('dashboard.stats.progress')} />
      </StatCard>
      <StatCard
        icon={<CheckCircle2 />}
        label={t('dashboard.stats.weeks')}
        value={t('dashboard.stats.weeksValue', { done: p.completedLessons.length, total: p.totalLessons })}
        testId="stat-weeks"
      />
      <StatCard
        icon={<Users />}
        label={t('dashboard.stats.disciples')}
        value={String(disciples.data?.directDisciples ?? 0)}
        testId="stat-disciples"
      />
      <StatCard
        icon={<Target />}
        label={t('dashboard.stats.average')}
        value={p.averageScore === null ? t('notAvailable') : t('percent', { value: p.averageScore })}
        testId="stat-average"
      >
        <p className="text-xs text-muted-foreground">{t('dashboard.stats.averageHint')}</p>
      </StatCard>
    </section>
  );
}

/** After the course: the disciple tree and the evangelism tools. */
/** The prayer rhythm (issue 27): the three daily prayers and the prayer nights. */
export function PrayCard() {
  const { t } = useTranslation('course');
  return (
    <Card data-testid="pray-card">
      <KickerCardHeader
        icon={<HandHeart aria-hidden />}
        kicker={t('dashboard.prayCard.kicker')}
        title={t('dashboard.prayCard.title')}
        text={t('dashboard.prayCard.text')}
      />
      <CardContent>
        <Link href="/pray" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
          {t('dashboard.prayCard.action')}
        </Link>
      </CardContent>
    </Card>
  );
}

export function MultiplyCard() {
  const { t } = useTranslation('course');
  return (
    <Card data-testid="multiplication-card">
      <KickerCardHeader
        icon={<Sparkles aria-hidden />}
        kicker={t('dashboard.multiply.kicker')}
        title={t('dashboard.multiply.title')}
        text={t('dashboard.multiply.text')}
      />
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
  );
}
