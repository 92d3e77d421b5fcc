import { CalendarHeart, ChevronDown, HandHeart, Mail, MessageCircle, Sun, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';
import { authApi } from '#common/contracts/auth-paths.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';

import { ScriptureQuote, Section, type Verse } from './landing-parts.tsx';

const qaKeys = [
  'what',
  'who',
  'cost',
  'course',
  'challenge',
  'newBeliever',
  'prayer',
  'watchMoms',
  'church',
  'certificate',
  'mentoring',
  'ambassador',
  'soulCheck',
  'hardTime',
  'testimony',
  'privacy',
] as const;
const ctaButton = (variant: 'gold' | 'outline') => buttonVariants({ variant, size: 'lg' });

/** The mothers' prayer groups; `onApply` opens the application, `onIntent` starts loading it. */
export function WatchmomsSection({ onApply, onIntent }: { onApply?: () => void; onIntent?: () => void }) {
  const { t } = useTranslation(['landing', 'common']);
  return (
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
          <Button size="lg" className="mt-8" data-action="watchmoms" onClick={onApply} onPointerEnter={onIntent} onFocus={onIntent}>
            <HandHeart aria-hidden />
            {t('watchMoms.button')}
          </Button>
        </div>
        <ScriptureQuote verse={t('watchMoms.verse', { returnObjects: true }) as Verse} />
      </div>
    </section>
  );
}

/**
 * The visitor's country's crisis lines under the "hard time" answer (static/crisis-faq.ts): filled
 * once the answer is opened, by the app here and by the prerendered page's script there.
 */
function CrisisFaqLines({ active }: { active: boolean }) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const lang = i18n.resolvedLanguage ?? 'en';
  useEffect(() => {
    const root = ref.current;
    if (!active || !root || root.dataset.mounted === lang) return;
    root.dataset.mounted = lang;
    void import('../static/crisis-faq.ts').then((m) => m.mountCrisisFaq(root, { lang }));
  }, [active, lang]);
  return (
    <div
      ref={ref}
      data-crisis-faq=""
      hidden
      className="mt-3 flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-3 sm:p-4"
      data-testid="faq-crisis"
    />
  );
}

/**
 * Questions and answers: one open at a time. Every answer is in the page (hidden until opened), so
 * the prerendered landing page's small script opens them the same way (landing-static.ts).
 */
export function QaSection() {
  const { t } = useTranslation(['landing', 'common']);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Section id="qa" title={t('qa.title')} subtitle={t('qa.subtitle')}>
      <div className="max-w-3xl rounded-2xl border bg-card px-5 shadow-sm" data-testid="qa-list" data-disclosures>
        {qaKeys.map((k) => {
          const expanded = open === k;
          return (
            <div key={k} className="border-b last:border-b-0">
              <h3 className="flex">
                <button
                  type="button"
                  id={`qa-${k}`}
                  aria-expanded={expanded}
                  aria-controls={`qa-${k}-answer`}
                  onClick={() => setOpen(expanded ? null : k)}
                  className="group flex flex-1 items-center justify-between gap-3 py-4 text-left text-base font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {t(`qa.items.${k}.q`)}
                  <ChevronDown className="size-4 shrink-0 transition-transform group-aria-expanded:rotate-180" aria-hidden />
                </button>
              </h3>
              <div
                id={`qa-${k}-answer`}
                role="region"
                aria-labelledby={`qa-${k}`}
                hidden={!expanded}
                className="pb-4 text-base leading-relaxed text-muted-foreground"
              >
                {t(`qa.items.${k}.a`)}
                {k === 'newBeliever' && (
                  <a
                    href="/track"
                    className="mt-3 block font-semibold text-primary underline underline-offset-4"
                    data-testid="faq-track-link"
                  >
                    {t('qa.items.newBeliever.cta')}
                  </a>
                )}
                {k === 'hardTime' && <CrisisFaqLines active={expanded} />}
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

interface ContactCardProps {
  href: string;
  isExternal?: boolean;
  icon: LucideIcon;
  label: string;
  value: string;
}

function ContactCard({ href, isExternal, icon: Icon, label, value }: ContactCardProps) {
  return (
    <a
      href={href}
      {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className="flex items-center gap-3 rounded-2xl border bg-card p-5 shadow-sm transition hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className="size-6 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0">
        <span className="block text-sm text-muted-foreground">{label}</span>
        <span className="block font-semibold [overflow-wrap:anywhere]">{value}</span>
      </span>
    </a>
  );
}

/** Support email and WhatsApp, as the server is configured. */
export function ContactSection({ config }: { config: PublicConfig | undefined }) {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <Section id="contact" title={t('contact.title')} subtitle={t('contact.text')} className="bg-muted/50">
      {config && (
        <ul className="grid max-w-3xl gap-4 sm:grid-cols-2">
          <li>
            <ContactCard href={`mailto:${config.supportEmail}`} icon={Mail} label={t('contact.email')} value={config.supportEmail} />
          </li>
          <li>
            <ContactCard
              href={`https://wa.me/${config.supportWhatsapp.replace(/\D/g, '')}`}
              isExternal
              icon={MessageCircle}
              label={t('contact.whatsapp')}
              value={config.supportWhatsapp}
            />
          </li>
        </ul>
      )}
    </Section>
  );
}

/** The last invitation to sign in. */
export function CallToAction() {
  const { t } = useTranslation(['landing', 'common']);
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 rounded-3xl bg-gradient-to-br from-primary to-primary/80 px-6 py-12 text-center text-primary-foreground shadow-lg">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('cta.title')}
        </h2>
        <p className="max-w-xl text-lg opacity-95">{t('cta.text')}</p>
        <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <a href={authApi.login.path} className={ctaButton('gold')}>
            {t('cta.student')}
          </a>
          <a
            href={authApi.login.path}
            className={cn(
              ctaButton('outline'),
              'border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground',
            )}
          >
            {t('cta.member')}
          </a>
        </div>
      </div>
    </section>
  );
}
