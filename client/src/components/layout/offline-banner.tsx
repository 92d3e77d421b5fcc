import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { isOffline, subscribeConnectivity } from '../../lib/connectivity.ts';

/** Rendered on the server (docs/decisions/084): online. */
const isOnServer = () => false;

/** Says so while the device is offline, and that what the learner does is kept and sent later. */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const offline = useSyncExternalStore(subscribeConnectivity, isOffline, isOnServer);
  return (
    <div role="status" aria-live="polite">
      {/* Room at the end of the page, so the banner never hides its last lines. */}
      {offline && <div className="h-16" aria-hidden />}
      {offline && (
        <p
          className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-2 border-t bg-foreground px-4 py-2 text-center text-sm text-background pb-[max(0.5rem,env(safe-area-inset-bottom))]"
          data-testid="offline-banner"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {t('offline.banner')}
        </p>
      )}
    </div>
  );
}
