import { Languages } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

import { languages, rememberLanguageChoice, toLanguage, useLanguage } from '../../lib/language.ts';
import { cn } from '../../lib/utils.ts';

const names: Record<(typeof languages)[number], string> = { en: 'English', fr: 'Français' };

/**
 * A select of the interface languages bound to i18next: choosing one changes the language (i18next caches
 * it in localStorage, the cookie carries it to the server's landing page, language-keyed queries reload,
 * and the account's mail language follows).
 */
export function LanguageSelect({ className, ...props }: Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'>) {
  const { i18n } = useTranslation();
  return (
    <select
      value={toLanguage(i18n.resolvedLanguage)}
      onChange={(e) => {
        rememberLanguageChoice(toLanguage(e.target.value));
        void i18n.changeLanguage(e.target.value);
      }}
      className={cn(
        'appearance-none rounded-lg border border-input bg-background text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
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

/**
 * The header's language choice: an icon and the language (its code on phones, so a back link and the
 * other controls keep their room), with the native select laid transparently over it. The select
 * opens with the full names and is read to screen readers with its label.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <label
      className={cn(
        'relative inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border border-input bg-background px-2.5 text-sm font-medium focus-within:ring-2 focus-within:ring-ring',
        className,
      )}
    >
      <span className="sr-only">{t('language')}</span>
      <Languages className="size-4 text-muted-foreground" aria-hidden />
      <span aria-hidden className="uppercase sm:hidden">
        {language}
      </span>
      <span aria-hidden className="hidden sm:inline">
        {names[language]}
      </span>
      <LanguageSelect className="absolute inset-0 size-full cursor-pointer border-0 opacity-0" data-testid="language-switcher" />
    </label>
  );
}
