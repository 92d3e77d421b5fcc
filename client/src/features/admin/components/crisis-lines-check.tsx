import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { useDates } from '#client/lib/dates.ts';
import { CRISIS_LINE_STALE_MONTHS, staleCrisisEntries, type CrisisEntry } from '#common/domain/crisis-lines.ts';

/**
 * Crisis lines and emergency numbers last checked more than 12 months ago (their dates are in
 * common/domain/crisis-lines.ts and emergency-numbers.ts): someone should check them again and
 * update the date (docs/decisions/060).
 */
/** "FR", "FR · emergency", "Other countries", or the generated table. */
function useEntryLabel() {
  const { t } = useTranslation('admin');
  return (entry: CrisisEntry) =>
    entry.kind === 'emergencyTable'
      ? t('crisisLines.emergencyTable', { count: Number(entry.display) })
      : entry.region === 'international'
        ? t('crisisLines.international')
        : entry.kind === 'emergency'
          ? `${entry.region} · ${t('crisisLines.emergency')}`
          : entry.region;
}

export function CrisisLinesCheck({ today = new Date() }: { today?: Date }) {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const entryLabel = useEntryLabel();
  const stale = staleCrisisEntries(today);
  if (stale.length === 0)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="crisis-lines-check">
        <LifeBuoy className="size-4 shrink-0" aria-hidden />
        {t('crisisLines.allFresh', { months: CRISIS_LINE_STALE_MONTHS })}
      </p>
    );
  return (
    <section
      className="rounded-xl border border-gold bg-gold/10 p-3 sm:p-4"
      aria-labelledby="crisis-lines-check-title"
      data-testid="crisis-lines-check"
    >
      <h3 id="crisis-lines-check-title" className="flex items-center gap-2 font-semibold">
        <LifeBuoy className="size-4 shrink-0" aria-hidden />
        {t('crisisLines.staleTitle', { count: stale.length, months: CRISIS_LINE_STALE_MONTHS })}
      </h3>
      <p className="mt-1 text-sm">{t('crisisLines.staleText')}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {stale.map((line) => (
          <li key={line.id} data-testid="stale-crisis-line">
            <span className="font-medium">{entryLabel(line)}</span>
            {line.kind !== 'emergencyTable' && <> · {line.display}</>} ·{' '}
            {t('crisisLines.lastVerified', { date: dates.date(`${line.lastVerified}T12:00:00`) })} ·{' '}
            <a href={line.source} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
              {t('crisisLines.source')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
