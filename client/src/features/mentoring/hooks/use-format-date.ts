import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';

/** Dates in the interface language ("November 22, 2026" / "22 novembre 2026"). */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const isFr = i18n.resolvedLanguage === 'fr';
  return (iso: string) => format(new Date(iso), isFr ? 'd MMMM yyyy' : 'MMMM d, yyyy', { locale: isFr ? fr : enUS });
}
