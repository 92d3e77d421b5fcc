import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Above every screen of an account waiting for a parent's consent: what works now and what waits (issue 11). */
export function ParentPendingBanner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="border-b border-primary/30 bg-secondary px-4 py-3 text-sm print:hidden" data-testid="parent-pending">
      <p className="mx-auto flex max-w-5xl items-start gap-2">
        <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {t('parentPending')}
      </p>
    </div>
  );
}
