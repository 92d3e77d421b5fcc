import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { ContentLanguage } from '../../../../../common/contracts/course.ts';
import { useContentLanguage } from './use-content-language.ts';

/** A date as people write it: "November 21, 2026" in English, "21 novembre 2026" in French. */
export function formatLongDate(iso: string, lang: ContentLanguage): string {
  return lang === 'fr' ? format(new Date(iso), 'd MMMM yyyy', { locale: fr }) : format(new Date(iso), 'MMMM d, yyyy', { locale: enUS });
}

export function useFormatLongDate() {
  const lang = useContentLanguage();
  return (iso: string) => formatLongDate(iso, lang);
}
