import { Languages } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { languages, toLanguage } from '../../lib/language.ts';
import { cn } from '../../lib/utils.ts';

const names: Record<(typeof languages)[number], string> = { en: 'English', fr: 'Français' };

/**
 * A select of the interface languages bound to i18next: choosing one changes the language (i18next caches
 * it in localStorage, language-keyed queries reload, and the account's mail language follows).
 */
export function LanguageSelect({ className, ...props }: Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'>) {
  const { i18n } = useTranslation();
  return (
    <select
      value={toLanguage(i18n.resolvedLanguage)}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      className={cn('appearance-none rounded-lg border border-input bg-background text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    >
      {languages.map((l) => (
        <option key={l} value={l} lang={l}>
          {names[l]}
        </option>
      ))}
    </select>
  );
}

/** The header's language choice: an icon and the select, its label read to screen readers. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <label className={cn('relative inline-flex items-center', className)}>
      <span className="sr-only">{t('language')}</span>
      <Languages className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" aria-hidden />
      <LanguageSelect className="h-9 py-1 pl-8 pr-3 font-medium" data-testid="language-switcher" />
    </label>
  );
}
