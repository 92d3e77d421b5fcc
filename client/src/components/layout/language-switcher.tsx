import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languages, toLanguage } from '../../lib/language.ts';
import { cn } from '../../lib/utils.ts';

const names: Record<(typeof languages)[number], string> = { en: 'English', fr: 'Français' };

/** Language choice; i18next caches it in localStorage, and language-keyed queries reload. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);
  return (
    <label className={cn('relative inline-flex items-center', className)}>
      <span className="sr-only">{t('language')}</span>
      <Languages className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" aria-hidden />
      <select
        value={current}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="h-9 appearance-none rounded-lg border border-input bg-background py-1 pl-8 pr-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="language-switcher"
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
