import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Above every screen of an account waiting for a parent's consent: what works now and what waits
 * (issue 11); `children` shows where the mail went, with "send it again" and "change the address".
 */
export function ParentPendingBanner({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="border-b border-primary/30 bg-secondary px-4 py-3 text-sm print:hidden" data-testid="parent-pending">
      <div className="mx-auto max-w-5xl">
        <p role="status" className="flex items-start gap-2">
          <Hourglass className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t('parentPending')}
        </p>
        {children}
      </div>
    </div>
  );
}
