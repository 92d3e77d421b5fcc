import {
  ArrowRight, BookOpen, CalendarHeart, Crown, Flame, GraduationCap, HandHeart, Heart, HeartPulse, Landmark, Mail, MessageCircle, Moon, Quote, Shield, Sprout, Sun, UserRound, Users,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../../components/ui/accordion.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { useLandingConfig } from '../api/get-landing-config.ts';
import { BrandMark, HeroIllustration } from './hero-illustration.tsx';
import { LandingHeader, sectionLinks } from './landing-header.tsx';
import { SocialLinks } from './social-links.tsx';

// The application form (and its form library) downloads only when someone opens it.
const loadWatchmomsDialog = () => import('./watchmoms-dialog.tsx');
const WatchmomsDialog = lazy(loadWatchmomsDialog);

const qaKeys = ['what', 'who', 'cost', 'course', 'challenge', 'newBeliever', 'prayer', 'watchMoms', 'church', 'certificate', 'mentoring', 'ambassador', 'soulCheck', 'hardTime', 'testimony', 'privacy'] as const;
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

interface Verse {
  text: string;
  ref: string;
  version: string;
}

function ScriptureQuote({ verse, className }: { verse: Verse; className?: string }) {
  return (
    <figure className={cn('rounded-2xl border bg-card/80 p-5 shadow-sm', className)}>
      <Quote className="mb-2 size-5 text-gold" aria-hidden />
      <blockquote className="font-serif text-lg leading-relaxed italic">{verse.text}</blockquote>
      <figcaption className="mt-3 text-sm font-semibold text-muted-foreground">
        {verse.ref} <span className="font-normal">({verse.version})</span>
      </figcaption>
    </figure>
  );
}

function Section({ id, title, subtitle, children, className }: { id: string; title: string; subtitle?: string; children: ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-20 px-4 py-16 sm:py-20', className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mb-10 max-w-2xl">
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {subtitle && <p className="mt-3 text-lg text-muted-foreground">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

function IconCard({ icon: Icon, title, text, aside }: { icon: typeof Heart; title: string; text: string; aside?: ReactNode }) {
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <Icon className="size-5" aria-hidden />
        </span>
        {aside}
      </div>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

/** The public landing page (spec section 2). */
export default function LandingPage() {
  const { t } = useTranslation(['landing', 'common']);
  const config = useLandingConfig();
  const [watchmomsOpen, setWatchmomsOpen] = useState(false);
  const [watchmomsWanted, setWatchmomsWanted] = useState(false);
  const year = new Date().getFullYear();
  const openWatchmoms = () => {
    setWatchmomsWanted(true);
    setWatchmomsOpen(true);
  };
  const loginClass = (variant: 'default' | 'gold' | 'outline' = 'default') => buttonVariants({ variant, size: 'lg' });

  return (
    <div data-testid="landing-page" id="top" className="min-h-dvh bg-background">
      <a href="#main" className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
        {t('skipToContent')}
      </a>
      <LandingHeader />
      <main id="main">
        {/* Hero */}
        <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-secondary/70 via-background to-background px-4 pb-16 pt-10 sm:pt-16">
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
                <a href={paths.login} className={loginClass('gold')}>
                  {t('hero.startJourney')}
                  <ArrowRight aria-hidden />
                </a>
                <Link href="/soul-health-check" className={loginClass('outline')}>
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

        {/* About */}
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
                <IconCard icon={icon} title={t(`about.rhythm.${key}.title`)} text={t(`about.rhythm.${key}.text`)} />
              </li>
            ))}
          </ul>
        </Section>

        {/* Values */}
        <Section id="values" title={t('values.title')} subtitle={t('values.subtitle')} className="bg-muted/50">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {valueItems.map(({ key, icon }) => (
              <li key={key}>
                <IconCard icon={icon} title={t(`values.items.${key}.title`)} text={t(`values.items.${key}.text`)} />
              </li>
            ))}
          </ul>
        </Section>

        {/* Vision and mission */}
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

        {/* Leadership */}
        <Section id="leadership" title={t('leadership.title')} subtitle={t('leadership.subtitle')}>
          <ul className="grid gap-4 md:grid-cols-3">
            {([
              ['board', Landmark],
              ['founder', Crown],
              ['mentor', HandHeart],
            ] as const).map(([key, icon]) => (
              <li key={key}>
                <IconCard icon={icon} title={t(`leadership.${key}.title`)} text={t(`leadership.${key}.text`)} aside={<Badge variant="gold">{t('leadership.comingSoon')}</Badge>} />
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

        {/* WatchMoms */}
        <section id="watchmoms" aria-labelledby="watchmoms-title" className="scroll-mt-20 bg-accent/60 px-4 py-16 sm:py-20">
          <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
            <div>
              <p className="font-semibold text-accent-foreground">{t('watchMoms.subtitle')}</p>
              <h2 id="watchmoms-title" className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">
                {t('watchMoms.title')}
              </h2>
              <p className="mt-5 text-lg leading-relaxed">{t('watchMoms.text')}</p>
              <ul className="mt-6 flex flex-col gap-3">
                <li className="flex items-center gap-3">
                  <CalendarHeart className="size-5 shrink-0 text-primary" aria-hidden />
                  {t('watchMoms.nights')}
                </li>
                <li className="flex items-center gap-3">
                  <Sun className="size-5 shrink-0 text-primary" aria-hidden />
                  {t('watchMoms.daily')}
                </li>
              </ul>
              <Button size="lg" className="mt-8" onClick={openWatchmoms} onPointerEnter={() => void loadWatchmomsDialog()} onFocus={() => void loadWatchmomsDialog()}>
                <HandHeart aria-hidden />
                {t('watchMoms.button')}
              </Button>
            </div>
            <ScriptureQuote verse={t('watchMoms.verse', { returnObjects: true }) as Verse} />
          </div>
        </section>

        {/* Q&A */}
        <Section id="qa" title={t('qa.title')} subtitle={t('qa.subtitle')}>
          <Accordion type="single" collapsible className="max-w-3xl rounded-2xl border bg-card px-5 shadow-sm" data-testid="qa-list">
            {qaKeys.map((k) => (
              <AccordionItem key={k} value={k} className="last:border-b-0">
                <AccordionTrigger className="text-base">{t(`qa.items.${k}.q`)}</AccordionTrigger>
                <AccordionContent className="text-base leading-relaxed">{t(`qa.items.${k}.a`)}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </Section>

        {/* Contact */}
        <Section id="contact" title={t('contact.title')} subtitle={t('contact.text')} className="bg-muted/50">
          {config && (
            <ul className="grid max-w-3xl gap-4 sm:grid-cols-2">
              <li>
                <a href={`mailto:${config.supportEmail}`} className="flex items-center gap-3 rounded-2xl border bg-card p-5 shadow-sm transition hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  <Mail className="size-6 shrink-0 text-primary" aria-hidden />
                  <span className="min-w-0">
                    <span className="block text-sm text-muted-foreground">{t('contact.email')}</span>
                    <span className="block font-semibold [overflow-wrap:anywhere]">{config.supportEmail}</span>
                  </span>
                </a>
              </li>
              <li>
                <a
                  href={`https://wa.me/${config.supportWhatsapp.replace(/\D/g, '')}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center gap-3 rounded-2xl border bg-card p-5 shadow-sm transition hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <MessageCircle className="size-6 shrink-0 text-primary" aria-hidden />
                  <span className="min-w-0">
                    <span className="block text-sm text-muted-foreground">{t('contact.whatsapp')}</span>
                    <span className="block font-semibold [overflow-wrap:anywhere]">{config.supportWhatsapp}</span>
                  </span>
                </a>
              </li>
            </ul>
          )}
        </Section>

        {/* Final call to action */}
        <section aria-labelledby="cta-title" className="px-4 py-16 sm:py-20">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-3xl bg-gradient-to-br from-primary to-primary/80 px-6 py-12 text-center text-primary-foreground shadow-lg">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {t('cta.title')}
            </h2>
            <p className="max-w-xl text-lg opacity-95">{t('cta.text')}</p>
            <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
              <a href={paths.login} className={loginClass('gold')}>
                {t('cta.student')}
              </a>
              <a href={paths.login} className={cn(loginClass('outline'), 'border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground')}>
                {t('cta.member')}
              </a>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t bg-card px-4 py-12">
        <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
          <div>
            <p className="flex items-center gap-2 text-lg font-extrabold text-primary">
              <BrandMark className="size-8" />
              {t('common:brandFull')}
            </p>
            <p className="mt-3 max-w-xs text-muted-foreground">{t('footer.tagline')}</p>
          </div>
          <nav aria-labelledby="footer-links-title">
            <h2 id="footer-links-title" className="mb-3 text-sm font-semibold">
              {t('footer.quickLinks')}
            </h2>
            <ul className="flex flex-col gap-2 text-muted-foreground">
              {sectionLinks.map((id) => (
                <li key={id}>
                  <a href={`#${id}`} className="hover:text-foreground hover:underline">
                    {t(`nav.${id}`)}
                  </a>
                </li>
              ))}
              <li>
                <Link href="/soul-health-check" className="hover:text-foreground hover:underline">
                  {t('footer.wellness')}
                </Link>
              </li>
            </ul>
          </nav>
          <SocialLinks social={config?.social} />
        </div>
        <p className="mx-auto mt-10 max-w-6xl border-t pt-6 text-sm text-muted-foreground">{t('footer.rights', { year })}</p>
      </footer>

      {watchmomsWanted && (
        <Suspense fallback={null}>
          <WatchmomsDialog open={watchmomsOpen} onOpenChange={setWatchmomsOpen} />
        </Suspense>
      )}
    </div>
  );
}
