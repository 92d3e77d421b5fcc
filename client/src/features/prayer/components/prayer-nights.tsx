import { format } from 'date-fns/format';
import { useTranslation } from 'react-i18next';

import { Spinner } from '#client/components/ui/spinner.tsx';
import { dateLocale } from '#client/lib/dates.ts';
import { useLanguage } from '#client/lib/language.ts';
import { nextPrayerNights } from '#common/domain/prayer.ts';

/**
 * The next prayer nights, each at 20:00 in the ministry's time zone, written in this device's own
 * time (date-fns formats in the device's zone): "Thursday, December 3 at 8:00 PM" in Paris is
 * "Friday, December 4 at 4:00 AM" in Tokyo.
 */
export function PrayerNights({
  ministryTimeZone,
  deviceZone,
  isLoading,
}: {
  ministryTimeZone?: string;
  deviceZone: string;
  isLoading: boolean;
}) {
  const { t } = useTranslation('prayer');
  const lang = useLanguage();
  if (!ministryTimeZone) return isLoading ? <Spinner /> : <p className="text-sm text-muted-foreground">{t('nights.needsConnection')}</p>;
  const nights = nextPrayerNights(new Date(), ministryTimeZone, 4);
  const locale = dateLocale(lang);
  const pattern = lang === 'fr' ? "EEEE d MMMM 'à' HH:mm" : "EEEE, MMMM d 'at' h:mm a";
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('nights.next')}</h3>
      <ul className="flex flex-col gap-1" data-testid="prayer-night-times">
        {nights.map((night) => (
          <li key={night.toISOString()} className="rounded-md bg-secondary/60 px-3 py-2 font-medium first-letter:uppercase">
            <time dateTime={night.toISOString()}>{format(night, pattern, { locale })}</time>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t('nights.zones', { device: deviceZone, ministry: ministryTimeZone })}</p>
    </div>
  );
}
