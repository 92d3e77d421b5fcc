import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import type { CrisisRegion } from '#common/domain/crisis-lines.ts';

import { CrisisRegionPicker, EmergencyLine } from './crisis-directory.tsx';

/**
 * What the check is and is not, shown before the questions and with the results (issue 11): a
 * screening, not a diagnosis; nobody reads the answers live; the emergency number of the chosen
 * country. Hope and help together, no detail about means (safe-messaging guidance).
 */
export function SafetyNotice({ region, onRegionChange }: { region?: CrisisRegion; onRegionChange?: (r: CrisisRegion) => void }) {
  const { t } = useTranslation('public');
  return (
    <section
      aria-labelledby="safety-title"
      className="flex flex-col gap-2 rounded-2xl border bg-card p-4 text-sm shadow-sm sm:p-5"
      data-testid="not-a-diagnosis"
    >
      <h2 id="safety-title" className="flex items-center gap-2 text-base font-semibold">
        <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
        {t('soulCheck.safety.title')}
      </h2>
      <p>{t('soulCheck.safety.screening')}</p>
      <p>{t('soulCheck.safety.nobodyLive')}</p>
      <p>{t('soulCheck.safety.hope')}</p>
      {/* The browser's region: known once the app runs (the server's copy of the check has neither). */}
      {region && <EmergencyLine region={region} />}
      {region && onRegionChange && <CrisisRegionPicker region={region} onChange={onRegionChange} />}
    </section>
  );
}
