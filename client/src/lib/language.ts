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
