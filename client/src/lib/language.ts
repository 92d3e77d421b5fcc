import { useTranslation } from 'react-i18next';

export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

/** A language code reduced to one we support (English unless it is French). */
export const toLanguage = (lng: string | undefined): Language => (lng === 'fr' ? 'fr' : 'en');

/** The interface language; components re-render (and language-keyed queries re-key) when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage);
}

/**
 * The cookie that carries a language chosen in the switcher to the server, which answers a
 * visitor's `/` with the prerendered landing page in that language (docs/decisions/057). Written
 * only when someone chooses (a preference, no personal data; a year); i18next reads it first.
 * The landing page's own script (features/landing/static/landing-static.ts) and public/boot.js
 * write the same one.
 */
export const LANGUAGE_COOKIE = 'i18next';

export function rememberLanguageChoice(lng: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}
