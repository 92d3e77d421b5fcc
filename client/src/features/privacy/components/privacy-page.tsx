import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DECLINED_APPLICATION_RETENTION_DAYS, PENDING_PARENT_RETENTION_DAYS, PRIVACY_NOTICE_DATE, PRIVACY_NOTICE_VERSION } from '../../../../../common/domain/privacy.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { formatLongDate } from '../../../lib/dates.ts';
import { useLanguage } from '../../../lib/language.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';

const sectionIds = ['who', 'what', 'why', 'who-sees', 'how-long', 'rights', 'young', 'changes'] as const;

/** The privacy notice (public): what is kept, why, who sees it, how long, and what one can ask for. */
export default function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const lang = useLanguage();
  const { data: config } = usePublicConfig();
  // Until the public configuration arrives, its two values show as an ellipsis.
  const vars = {
    contact: config?.privacyContact ?? '…',
    callbackDays: config?.callbackRetentionDays ?? '…',
    declinedDays: DECLINED_APPLICATION_RETENTION_DAYS,
    pendingDays: PENDING_PARENT_RETENTION_DAYS,
  };
  const list = (key: string) => {
    const value = t(key, { ...vars, returnObjects: true, defaultValue: [] });
    return Array.isArray(value) ? (value as string[]) : [];
  };
  return (
    <div className="min-h-dvh bg-background">
      <PageHeader back={{ href: '/', label: t('back') }} width="max-w-3xl" />
      <main className="mx-auto max-w-3xl px-4 pb-16" data-testid="privacy-page">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('version', { version: PRIVACY_NOTICE_VERSION, date: formatLongDate(`${PRIVACY_NOTICE_DATE}T12:00:00`, lang) })}</p>
        <p className="mt-4 text-lg leading-relaxed">{t('intro')}</p>
        <nav aria-labelledby="privacy-contents" className="mt-6 rounded-2xl border bg-card p-4">
          <h2 id="privacy-contents" className="text-sm font-semibold">
            {t('contents')}
          </h2>
          <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {sectionIds.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className="text-primary underline-offset-4 hover:underline">
                  {t(`sections.${id}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sectionIds.map((id) => {
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
              {note && <p className="mt-4 rounded-xl bg-secondary/60 p-4 leading-relaxed">{note}</p>}
            </section>
          );
        })}
        <p className="mt-12 flex items-center gap-2 rounded-2xl border bg-card p-4 font-medium">
          <Mail className="size-5 shrink-0 text-primary" aria-hidden />
          <span>
            {config ? (
              <a href={`mailto:${config.privacyContact}`} className="text-primary underline underline-offset-4">
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
