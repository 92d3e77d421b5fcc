import { ArrowRight, Heart, HeartPulse } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { buttonVariants } from '#client/components/ui/button.tsx';
import { authApi } from '#common/contracts/auth-paths.ts';

import { HeroIllustration } from './hero-illustration.tsx';
import { ScriptureQuote, type Verse } from './landing-parts.tsx';

const heroButton = (variant: 'gold' | 'outline') => buttonVariants({ variant, size: 'lg' });

/** What the movement is, and the two ways in: the course and the Soul Health Check. */
export function HeroSection() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-secondary/70 via-background to-background px-4 pb-16 pt-10 sm:pt-16"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
            <Heart className="size-4" aria-hidden />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl xl:text-[3.5rem]">
            {t('hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground sm:text-xl">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={authApi.login.path} className={heroButton('gold')}>
              {t('hero.startJourney')}
              <ArrowRight aria-hidden />
            </a>
            <Link href="/soul-health-check" className={heroButton('outline')}>
              <HeartPulse aria-hidden />
              {t('hero.wellnessCheck')}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-2 text-sm font-medium">
            {(['course', 'free', 'challenge'] as const).map((k) => (
              <li key={k} className="rounded-full border bg-card px-3 py-1.5">
                {t(`hero.facts.${k}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col items-center gap-6">
          <HeroIllustration className="h-auto w-full max-w-sm text-foreground lg:max-w-md" />
          <ScriptureQuote verse={t('hero.verse', { returnObjects: true }) as Verse} className="w-full max-w-md" />
        </div>
      </div>
    </section>
  );
}
