import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { ContentLanguage } from '../../../../../common/contracts/course.ts';
import { useContentLanguage } from './use-content-language.ts';

/** A date as people write it: "November 21, 2026" in English, "21 novembre 2026" in French. */
export function formatLongDate(iso: string, lang: ContentLanguage): string {
  return lang === 'fr' ? format(new Date(iso), 'd MMMM yyyy', { locale: fr }) : format(new Date(iso), 'MMMM d, yyyy', { locale: enUS });
}

/** A date and time, short: "Nov 21, 2026, 3:05 PM" in English, "21 nov. 2026 à 15:05" in French. */
export function formatDateTime(iso: string, lang: ContentLanguage): string {
  return lang === 'fr' ? format(new Date(iso), "d MMM yyyy 'à' HH:mm", { locale: fr }) : format(new Date(iso), 'MMM d, yyyy, h:mm a', { locale: enUS });
}

export function useFormatDateTime() {
  const lang = useContentLanguage();
  return (iso: string) => formatDateTime(iso, lang);
}

export function useFormatLongDate() {
  const lang = useContentLanguage();
  return (iso: string) => formatLongDate(iso, lang);
}
