import { CalendarPlus, Download, Moon, MoonStar, Sun, Sunrise, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, IconCardHeader } from '#client/components/ui/card.tsx';
import { useLanguage, type Language } from '#client/lib/language.ts';
import { formatMinute, prayerSessions, type PrayerSession } from '#common/domain/prayer.ts';
import prayerContent from '#content/prayer/sessions.json';

import { deviceTimeZone, downloadUrl, usePrayerState } from '../api/prayer.ts';
import { PrayerNights } from './prayer-nights.tsx';
import { RemindersForm } from './reminders-form.tsx';

type Verse = { ref: string; text: string; translation: string };

/** A verse as it is quoted everywhere: its words, then the reference and the translation. */
export function VerseQuote({ verse, lang }: { verse: Verse; lang: Language }) {
  return (
    <blockquote className="border-l-4 border-gold/70 pl-4">
      <p className="font-serif text-lg leading-relaxed">{lang === 'fr' ? `«\u00a0${verse.text}\u00a0»` : `“${verse.text}”`}</p>
      <footer className="mt-1 text-sm text-muted-foreground">
        {verse.ref} ({verse.translation})
      </footer>
    </blockquote>
  );
}

const icons: Record<PrayerSession, LucideIcon> = { morning: Sunrise, midday: Sun, evening: Moon };

function SessionCard({ id, lang, reminderAt }: { id: PrayerSession; lang: Language; reminderAt?: number }) {
  const { t } = useTranslation('prayer');
  const texts = prayerContent.sessions.find((s) => s.id === id)![lang];
  const Icon = icons[id];
  return (
    <Card id={id} data-testid={`prayer-session-${id}`} className="scroll-mt-20">
      <CardHeader>
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
          <Icon className="size-4" aria-hidden />
          {t(`sessions.${id}`)}
          {reminderAt !== undefined && (
            <span className="font-normal normal-case tracking-normal text-muted-foreground">
              · {t('reminderAt', { time: formatMinute(reminderAt) })}
            </span>
          )}
        </p>
        <CardTitle as="h2" className="text-xl">
          {texts.title}
        </CardTitle>
        <CardDescription>{texts.subtitle}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p>{texts.intro}</p>
        <VerseQuote verse={texts.verse} lang={lang} />
        <ol className="flex list-decimal flex-col gap-2 pl-5 marker:font-semibold marker:text-primary">
          {texts.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <section aria-label={t('prayerLabel')} className="rounded-lg bg-secondary/60 p-4">
          <h3 className="mb-1 text-sm font-semibold">{t('prayerLabel')}</h3>
          <p className="leading-relaxed">{texts.prayer}</p>
        </section>
      </CardContent>
    </Card>
  );
}

/**
 * `/pray`: the three daily prayers and the prayer nights (issue 27). The prayers are part of this
 * screen's code, so they open offline once the app is installed; the settings come from the server.
 */
export default function PrayPage() {
  const { t } = useTranslation(['prayer', 'common']);
  const lang = useLanguage();
  const state = usePrayerState();
  const zone = deviceTimeZone();
  const reminders = state.data?.reminders;
  return (
    <div className="min-h-dvh bg-gradient-to-b from-secondary/50 to-background" data-testid="pray-page">
      <PageHeader variant="bar" width="max-w-3xl" back={{ href: '/dashboard', label: t('back') }} />
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-16 pt-6 sm:pt-8">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
          <p className="mt-2 text-lg text-muted-foreground">{t('subtitle')}</p>
          <nav aria-label={t('jumpTo')} className="mt-4 flex flex-wrap gap-2">
            {prayerSessions.map((id) => (
              <a key={id} href={`#${id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {t(`sessions.${id}`)}
              </a>
            ))}
            <a href="#nights" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('nights.jump')}
            </a>
          </nav>
        </div>
        {prayerSessions.map((id) => (
          <SessionCard key={id} id={id} lang={lang} reminderAt={reminders?.[id].isOn ? reminders[id].minute : undefined} />
        ))}
        <Card id="nights" data-testid="prayer-nights" className="scroll-mt-20">
          <IconCardHeader icon={MoonStar} title={prayerContent.nights[lang].title} description={prayerContent.nights[lang].intro} />
          <CardContent className="flex flex-col gap-4">
            <PrayerNights ministryTimeZone={state.data?.ministryTimeZone} deviceZone={zone} isLoading={state.isPending} />
            <VerseQuote verse={prayerContent.nights[lang].verse} lang={lang} />
            <ul className="flex list-disc flex-col gap-1 pl-5">
              {prayerContent.nights[lang].steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card data-testid="prayer-calendar">
          <IconCardHeader icon={CalendarPlus} title={t('calendar.title')} description={t('calendar.text')} />
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <a
              href={downloadUrl(zone)}
              download="prayer-rhythm.ics"
              className={buttonVariants({ variant: 'default' })}
              data-testid="prayer-download"
            >
              <Download aria-hidden />
              {t('calendar.download')}
            </a>
            <Link href="/settings#prayer-calendar" className={buttonVariants({ variant: 'outline' })}>
              {t('calendar.subscribe')}
            </Link>
          </CardContent>
        </Card>
        <RemindersForm state={state.data} isLoading={state.isPending} isError={state.isError} zone={zone} />
      </main>
    </div>
  );
}
