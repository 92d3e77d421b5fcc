import type { ParseKeys } from 'i18next';
import { ExternalLink, Mail, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '#client/components/layout/page-header.tsx';
import { useCurrentUser } from '#client/lib/current-user.ts';
import { formatLongDate } from '#client/lib/dates.ts';
import { useLanguage } from '#client/lib/language.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';
import {
  APPROVAL_RETENTION_YEARS,
  AUDIT_LOG_RETENTION_DAYS,
  CONCERN_RETENTION_YEARS,
  DECLINED_APPLICATION_RETENTION_DAYS,
  EDPB_MEMBERS_URL,
  MAIL_LOG_RETENTION_DAYS,
  PENDING_PARENT_RETENTION_DAYS,
  PRIVACY_NOTICE_DATE,
  PRIVACY_NOTICE_VERSION,
  SUPERVISORY_AUTHORITIES,
} from '#common/domain/privacy.ts';

/** The notice's parts, in order: what GDPR Art. 13 asks a controller to tell, in plain words (decision 063). */
export const PRIVACY_SECTIONS = [
  'who',
  'what',
  'required',
  'why',
  'who-sees',
  'transfers',
  'how-long',
  'rights',
  'withdraw',
  'automated',
  'authority',
  'young',
  'changes',
] as const;

const linkClass = 'text-primary underline underline-offset-4';

/** The privacy notice (public): who is responsible, what is kept, why and on what legal basis, who sees it, how long, and the person's rights. */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const lang = useLanguage();
  const { data: config } = usePublicConfig();
  // Until the public configuration arrives, its values show as an ellipsis.
  const vars = {
    contact: config?.privacyContact ?? '…',
    callbackDays: config?.callbackRetentionDays ?? '…',
    declinedDays: DECLINED_APPLICATION_RETENTION_DAYS,
    pendingDays: PENDING_PARENT_RETENTION_DAYS,
    mailDays: MAIL_LOG_RETENTION_DAYS,
    auditYears: AUDIT_LOG_RETENTION_DAYS / 365,
    approvalYears: APPROVAL_RETENTION_YEARS,
    concernYears: CONCERN_RETENTION_YEARS,
  };
  const list = (key: string) => {
    const value = t(key as ParseKeys<'privacy'>, { ...vars, returnObjects: true, defaultValue: [] });
    return Array.isArray(value) ? (value as string[]) : [];
  };
  const extra: Partial<Record<(typeof PRIVACY_SECTIONS)[number], ReactNode>> = {
    who: <Controller config={config} />,
    'who-sees': (
      <p className="mt-4 rounded-xl bg-secondary/60 p-4 leading-relaxed" data-testid="privacy-processors">
        {config?.processors ? t('processors.named', { processors: config.processors }) : t('processors.unnamed', vars)}
      </p>
    ),
    authority: <Authorities contact={vars.contact} />,
  };
  return (
    <div className="min-h-dvh bg-background">
      <PageHeader back={{ href: '/', label: t('back') }} width="max-w-3xl" />
      <main className="mx-auto max-w-3xl px-4 pb-16" data-testid="privacy-page">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {t('version', { version: PRIVACY_NOTICE_VERSION, date: formatLongDate(`${PRIVACY_NOTICE_DATE}T12:00:00`, lang) })}
        </p>
        {config?.isControllerPlaceholder && <PlaceholderWarning />}
        <p className="mt-4 text-lg leading-relaxed">{t('intro')}</p>
        <nav aria-labelledby="privacy-contents" className="mt-6 rounded-2xl border bg-card p-4">
          <h2 id="privacy-contents" className="text-sm font-semibold">
            {t('contents')}
          </h2>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {PRIVACY_SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="text-primary underline-offset-4 hover:underline">
                  {t(`sections.${id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {PRIVACY_SECTIONS.map((id) => {
          const paragraphs = list(`sections.${id}.paragraphs`);
          const items = list(`sections.${id}.items`);
          const note = t(`sections.${id}.note`, { ...vars, defaultValue: '' });
          return (
            <section key={id} id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-4">
              <h2 id={`${id}-title`} className="text-xl font-bold">
                {t(`sections.${id}.title`)}
              </h2>
              {paragraphs.map((p) => (
                <p key={p} className="mt-3 leading-relaxed">
                  {p}
                </p>
              ))}
              {items.length > 0 && (
                <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 leading-relaxed marker:text-primary">
                  {items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {extra[id]}
              {note && <p className="mt-4 rounded-xl bg-secondary/60 p-4 leading-relaxed">{note}</p>}
            </section>
          );
        })}
        <p className="mt-12 flex items-center gap-2 rounded-2xl border bg-card p-4 font-medium">
          <Mail className="size-5 shrink-0 text-primary" aria-hidden />
          <span>
            {config ? (
              <a href={`mailto:${config.privacyContact}`} className={linkClass}>
                {t('contact', vars)}
              </a>
            ) : (
              t('contact', vars)
            )}
          </span>
        </p>
      </main>
    </div>
  );
}

/** A laptop or test install without the controller's details says so, instead of naming nobody (decision 063). */
function PlaceholderWarning() {
  const { t } = useTranslation('privacy');
  return (
    <p
      role="note"
      data-testid="privacy-placeholder"
      className="mt-4 flex gap-2 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 leading-relaxed"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <span>{t('controller.placeholder')}</span>
    </p>
  );
}

/** The controller (GDPR Art. 13(1)(a)): legal name, postal address and the address for questions about personal data. */
function Controller({ config }: { config: PublicConfig | undefined }) {
  const { t } = useTranslation('privacy');
  const value = (v: string | null | undefined) => (config ? v || t('controller.notSet') : '…');
  return (
    <dl
      aria-label={t('controller.label')}
      data-testid="privacy-controller"
      className="mt-4 grid gap-x-4 gap-y-2 rounded-xl border bg-card p-4 sm:grid-cols-[auto_1fr]"
    >
      <dt className="font-semibold">{t('controller.name')}</dt>
      <dd className="break-words">{value(config?.controller.name)}</dd>
      <dt className="font-semibold">{t('controller.address')}</dt>
      <dd className="break-words">{value(config?.controller.address)}</dd>
      <dt className="font-semibold">{t('controller.email')}</dt>
      <dd className="break-words">
        {config ? (
          <a href={`mailto:${config.privacyContact}`} className={linkClass}>
            {config.privacyContact}
          </a>
        ) : (
          '…'
        )}
      </dd>
    </dl>
  );
}

/** Where to complain (GDPR Art. 13(2)(d)): the verified authorities of our main countries, the EDPB's list for the rest of the EU/EEA. */
function Authorities({ contact }: { contact: string | number }) {
  const { t } = useTranslation('privacy');
  const lang = useLanguage();
  const countries = new Intl.DisplayNames([lang], { type: 'region' });
  // A signed-in person's own country comes first.
  const own = useCurrentUser().data?.country ?? null;
  const authorities = [...SUPERVISORY_AUTHORITIES].sort((a, b) => Number(b.country === own) - Number(a.country === own));
  return (
    <>
      <ul aria-label={t('authorities.label')} className="mt-4 flex flex-col gap-2" data-testid="privacy-authorities">
        {authorities.map((a) => (
          <li key={a.url} className={`rounded-xl border bg-card p-3 leading-relaxed ${a.country === own ? 'border-primary' : ''}`}>
            <span className="font-semibold">
              {countries.of(a.country)}
              {a.region ? ` (${a.region[lang]})` : ''}
            </span>
            {a.country === own && (
              <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('authorities.yours')}</span>
            )}
            {lang === 'fr' ? '\u00a0: ' : ': '}
            <a href={a.url} target="_blank" rel="noopener noreferrer" className={`${linkClass} break-words`}>
              {a.name[lang]}
              <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3 leading-relaxed">
        {t('authorities.edpb')}{' '}
        <a href={EDPB_MEMBERS_URL[lang]} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {t('authorities.edpbLink')}
        </a>
      </p>
      <p className="mt-3 leading-relaxed">{t('authorities.elsewhere', { contact })}</p>
      <p className="mt-2 text-sm text-muted-foreground">
        {t('authorities.checked', { date: formatLongDate(`${SUPERVISORY_AUTHORITIES[0]!.verified}T12:00:00`, lang) })}
      </p>
    </>
  );
}
