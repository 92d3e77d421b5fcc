import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { usePublicConfig } from '#client/lib/public-config.ts';

/**
 * On an install without CONTROLLER_NAME, CONTROLLER_ADDRESS or PRIVACY_CONTACT (a laptop: a public
 * address refuses to start without them), the console says that the privacy notice is a placeholder
 * and what to set (decision 063).
 */
export function ControllerWarning() {
  const { t } = useTranslation('admin');
  const { data: config } = usePublicConfig();
  if (!config?.isControllerPlaceholder) return null;
  return (
    <section
      role="note"
      aria-labelledby="controller-warning-title"
      data-testid="controller-warning"
      className="flex gap-3 rounded-2xl border border-amber-500/60 bg-amber-500/10 p-4"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
      <div className="flex flex-col gap-1 leading-relaxed">
        <h2 id="controller-warning-title" className="font-semibold">
          {t('controllerPlaceholder.title')}
        </h2>
        <p className="break-words">{t('controllerPlaceholder.text')}</p>
        <Link href="/privacy" className="w-fit text-primary underline underline-offset-4">
          {t('controllerPlaceholder.open')}
        </Link>
      </div>
    </section>
  );
}
