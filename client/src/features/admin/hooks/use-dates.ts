import { format, formatDistanceToNowStrict } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';

/** Dates and elapsed times in the interface language. */
export function useDates() {
  const { i18n } = useTranslation();
  const isFr = i18n.resolvedLanguage === 'fr';
  const locale = isFr ? fr : enUS;
  return {
    /** "Nov 22, 2026, 3:04 PM" / "22 nov. 2026, 15:04" */
    dateTime: (iso: string) => format(new Date(iso), isFr ? 'd MMM yyyy, HH:mm' : 'MMM d, yyyy, h:mm a', { locale }),
    date: (iso: string) => format(new Date(iso), isFr ? 'd MMMM yyyy' : 'MMMM d, yyyy', { locale }),
    /** "3 hours ago" / "il y a 3 heures" */
    ago: (iso: string) => formatDistanceToNowStrict(new Date(iso), { addSuffix: true, locale }),
  };
}
