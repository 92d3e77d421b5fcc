import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { cn } from '../../lib/utils.ts';

/**
 * "What happens to what you send: see our privacy notice", under every form that sends personal
 * data. Its text is in the common namespace, already loaded, so showing it makes no request (the
 * Soul Health Check promises none while answering).
 */
export function PrivacyNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('text-sm text-muted-foreground', className)} data-testid="privacy-note">
      <Trans
        t={t}
        i18nKey="privacyNote"
        components={[<Link key="privacy" href="/privacy" className="font-medium text-primary underline underline-offset-4" />]}
      />
    </p>
  );
}
