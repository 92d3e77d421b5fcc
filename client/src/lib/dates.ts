import type { Locale, Month } from 'date-fns';
import { format } from 'date-fns/format';
import { formatDistanceToNowStrict } from 'date-fns/formatDistanceToNowStrict';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { useMemo } from 'react';

import { useLanguage, type Language } from './language.ts';

/** date-fns's tables (month and day names, "ago") for the interface language. */
export const dateLocale = (lang: Language): Locale => (lang === 'fr' ? fr : enUS);

/** A date as people write it: "November 21, 2026" in English, "21 novembre 2026" in French. */
export function formatLongDate(iso: string, lang: Language): string {
  return format(new Date(iso), lang === 'fr' ? 'd MMMM yyyy' : 'MMMM d, yyyy', { locale: dateLocale(lang) });
}

/**
 * The month's full name (1-12) in the interface language ("February", "février"), from date-fns's
 * locale tables: no `Intl.DateTimeFormat`, whose first use in a page loads the browser's calendar
 * data (about 90 ms of a hydrating settings page on a slow phone, issue 29).
 */
export function monthName(month: number, lang: Language): string {
  return dateLocale(lang).localize.month((month - 1) as Month, { width: 'wide' });
}

/** Dates and elapsed times in the interface language. */
export function useDates() {
  const lang = useLanguage();
  return useMemo(() => {
    const locale = dateLocale(lang);
    return {
      /** "November 22, 2026" / "22 novembre 2026" */
      date: (iso: string) => formatLongDate(iso, lang),
      /** "Nov 22, 2026, 3:04 PM" / "22 nov. 2026 à 15:04" */
      dateTime: (iso: string) => format(new Date(iso), lang === 'fr' ? "d MMM yyyy 'à' HH:mm" : 'MMM d, yyyy, h:mm a', { locale }),
      /** A calendar day (YYYY-MM-DD, the reader's own): "Sunday, November 22" / "dimanche 22 novembre" */
      day: (date: string) => {
        const [y, m, d] = date.split('-').map(Number);
        return format(new Date(y!, m! - 1, d), lang === 'fr' ? 'EEEE d MMMM' : 'EEEE, MMMM d', { locale });
      },
      /** "3 hours ago" / "il y a 3 heures" */
      ago: (iso: string) => formatDistanceToNowStrict(new Date(iso), { addSuffix: true, locale }),
    };
  }, [lang]);
}
