import { BookOpen, PartyPopper, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { LoadingScreen } from '#client/components/layout/loading-screen.tsx';
import { MessageCard } from '#client/components/layout/message-card.tsx';
import { useMentorLinks } from '#client/components/mentor-links/use-mentor-links.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { trackPagePaths } from '#common/contracts/track.ts';

import { useCourseLessons } from '../api/get-course-lessons.ts';
import { useCourses } from '../api/get-courses.ts';
import { useTrack } from '../hooks/use-track.ts';
import { CourseShell } from './course-shell.tsx';
import { KickerCardHeader } from './kicker-card-header.tsx';
import { TrackStreak } from './track-page.tsx';

/** Who walks with the learner, or the ways to ask for a mentor (the links need the other person's consent, as always). */
function MentorCard() {
  const { t } = useTranslation('track');
  const { data: user } = useCurrentUser();
  const { data: links } = useMentorLinks();
  const { data: config } = usePublicConfig();
  return (
    <Card data-testid="track-mentor">
      <KickerCardHeader
        icon={<Users aria-hidden />}
        kicker={t('done.mentorKicker')}
        title={t('done.mentorTitle')}
        text={t('done.mentorText')}
      />
      <CardContent className="flex flex-col gap-3 text-sm">
        {links?.mentor ? (
          <p className="font-medium">{t('done.mentorHas', { name: links.mentor.name })}</p>
        ) : links?.outgoing?.status === 'pending' ? (
          <p className="font-medium">{t('done.mentorWaiting', { name: links.outgoing.mentorName })}</p>
        ) : (
          <>
            {user?.onboardingStatus === 'skipped' && (
              <Link href="/onboarding" className={buttonVariants({ variant: 'outline', className: 'self-start' })}>
                {t('done.mentorProfile')}
              </Link>
            )}
            <p>{t('done.mentorInvite')}</p>
            {config && (
              <a
                href={`mailto:${config.supportEmail}?subject=${encodeURIComponent(t('done.mentorSubject'))}`}
                className={buttonVariants({ variant: 'outline', className: 'self-start' })}
              >
                {t('done.mentorTeam')}
              </a>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /track/done: the end of the 7-day track, an invitation into the 8-week course and to ask for a mentor. */
export default function TrackDonePage() {
  const { t } = useTranslation('track');
  const { state, content, pace } = useTrack();
  const courses = useCourses();
  const lessons = useCourseLessons(courses.data?.[0]?.id);
  if (state.isPending || content.isPending) return <LoadingScreen />;
  const back = { href: '/dashboard', label: t('page.back') };
  if (!pace?.isComplete)
    return (
      <CourseShell back={back} width="max-w-2xl">
        <MessageCard
          title={t('done.notYet')}
          action={
            <Link href={trackPagePaths.track} className={buttonVariants()}>
              {t('day.toTrack')}
            </Link>
          }
        />
      </CourseShell>
    );
  const firstLesson = lessons.data?.[0];
  return (
    <CourseShell back={back} width="max-w-2xl" testId="track-done-page">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col items-start gap-3">
          <PartyPopper className="size-10 text-gold" aria-hidden />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('done.title')}</h1>
          <p className="text-muted-foreground">{t('done.text')}</p>
        </header>
        <TrackStreak days={pace.streak.days} />
        <Card
          className="overflow-hidden border-0 bg-gradient-to-br from-primary to-primary/80 text-primary-foreground"
          data-testid="track-course-invite"
        >
          <CardContent className="flex flex-col gap-3 pt-5 sm:pt-6">
            <BookOpen className="size-8 text-gold" aria-hidden />
            <h2 className="text-lg font-bold">{t('done.courseTitle')}</h2>
            <p className="text-sm opacity-90">{courses.data?.[0]?.title}</p>
            <p className="text-sm opacity-90">{t('done.courseText')}</p>
            <Link
              href={firstLesson ? `/lesson/${firstLesson.id}` : '/dashboard'}
              className={buttonVariants({ variant: 'gold', size: 'lg', className: 'self-start' })}
              data-testid="track-start-course"
            >
              {t('done.courseCta')}
            </Link>
          </CardContent>
        </Card>
        <MentorCard />
      </div>
    </CourseShell>
  );
}
