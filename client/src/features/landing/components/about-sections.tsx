import {
  BookOpen,
  Crown,
  Flame,
  GraduationCap,
  HandHeart,
  HeartPulse,
  Landmark,
  Moon,
  Shield,
  Sprout,
  Sun,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Badge } from '#client/components/ui/badge.tsx';

import { IconCard, Section } from './landing-parts.tsx';

const valueItems = [
  { key: 'word', icon: BookOpen },
  { key: 'prayer', icon: Flame },
  { key: 'belonging', icon: Users },
  { key: 'multiplication', icon: Sprout },
  { key: 'care', icon: HeartPulse },
  { key: 'integrity', icon: Shield },
] as const;
const ageGroups = ['kids', 'teens', 'youngAdults'] as const;
const rhythm = [
  { key: 'prayer', icon: Sun },
  { key: 'nights', icon: Moon },
  { key: 'newBelievers', icon: Sprout },
  { key: 'course', icon: GraduationCap },
] as const;
const AMBASSADOR_PLACEHOLDERS = 6;

/** Who we are: the age groups and the rhythm of the movement. */
export function AboutSection() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <Section id="about" title={t('about.title')} subtitle={t('about.lead')}>
      <p className="max-w-3xl text-lg leading-relaxed">{t('about.body')}</p>
      <h3 className="mb-4 mt-12 text-xl font-semibold">{t('about.ageGroupsTitle')}</h3>
      <ul className="grid gap-4 sm:grid-cols-3">
        {ageGroups.map((g) => (
          <li key={g} className="rounded-2xl border bg-card p-5 shadow-sm">
            <p className="text-3xl font-extrabold text-primary">{t(`about.ageGroups.${g}.range`)}</p>
            <p className="mt-1 font-semibold">{t(`about.ageGroups.${g}.label`)}</p>
            <p className="mt-2 text-muted-foreground">{t(`about.ageGroups.${g}.text`)}</p>
          </li>
        ))}
      </ul>
      <h3 className="mb-4 mt-12 text-xl font-semibold">{t('about.rhythmTitle')}</h3>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {rhythm.map(({ key, icon }) => (
          <li key={key}>
            {key === 'newBelievers' ? (
              // Into the 7-day track, through sign-up for a visitor (docs/decisions/074).
              <a
                href="/track"
                className="block h-full rounded-2xl hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="landing-track-card"
              >
                <IconCard
                  icon={icon}
                  title={t('about.rhythm.newBelievers.title')}
                  text={t('about.rhythm.newBelievers.text')}
                  aside={
                    <span className="text-sm font-semibold text-primary underline-offset-4">{t('about.rhythm.newBelievers.cta')} →</span>
                  }
                />
              </a>
            ) : (
              <IconCard icon={icon} title={t(`about.rhythm.${key}.title`)} text={t(`about.rhythm.${key}.text`)} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The six values. */
export function ValuesSection() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <Section id="values" title={t('values.title')} subtitle={t('values.subtitle')} className="bg-muted/50">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {valueItems.map(({ key, icon }) => (
          <li key={key}>
            <IconCard icon={icon} title={t(`values.items.${key}.title`)} text={t(`values.items.${key}.text`)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Vision and mission, side by side on wide screens. */
export function VisionMission() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <div className="grid gap-0 lg:grid-cols-2">
      <section id="vision" aria-labelledby="vision-title" className="scroll-mt-20 bg-primary px-4 py-16 text-primary-foreground sm:py-20">
        <div className="mx-auto max-w-xl">
          <h2 id="vision-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('vision.title')}
          </h2>
          <p className="mt-5 text-xl leading-relaxed">{t('vision.text')}</p>
        </div>
      </section>
      <section id="mission" aria-labelledby="mission-title" className="scroll-mt-20 bg-card px-4 py-16 sm:py-20">
        <div className="mx-auto max-w-xl">
          <h2 id="mission-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t('mission.title')}
          </h2>
          <p className="mt-5 text-lg leading-relaxed">{t('mission.text')}</p>
          <ul className="mt-6 flex flex-col gap-3">
            {(['course', 'witness', 'mentoring', 'care'] as const).map((k) => (
              <li key={k} className="flex gap-3">
                <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-gold" aria-hidden />
                <span>{t(`mission.points.${k}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}

/** The board, the founder, mentors and the ambassadors to come. */
export function LeadershipSection() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <Section id="leadership" title={t('leadership.title')} subtitle={t('leadership.subtitle')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {(
          [
            ['board', Landmark],
            ['founder', Crown],
            ['mentor', HandHeart],
          ] as const
        ).map(([key, icon]) => (
          <li key={key}>
            <IconCard
              icon={icon}
              title={t(`leadership.${key}.title`)}
              text={t(`leadership.${key}.text`)}
              aside={<Badge variant="gold">{t('leadership.comingSoon')}</Badge>}
            />
          </li>
        ))}
      </ul>
      <h3 className="mt-12 text-xl font-semibold">{t('leadership.ambassadorsTitle')}</h3>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t('leadership.ambassadorsText')}</p>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="ambassador-placeholders">
        {Array.from({ length: AMBASSADOR_PLACEHOLDERS }, (_, i) => (
          <li key={i} className="flex flex-col items-center gap-2 rounded-2xl border border-dashed bg-card p-4 text-center">
            <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <UserRound className="size-7" aria-hidden />
            </span>
            <span className="text-sm font-semibold">{t('leadership.ambassador', { n: i + 1 })}</span>
            <Badge variant="outline">{t('leadership.comingSoon')}</Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}
