import { useState, type ReactNode } from 'react';

import { ReauthDialog } from '#client/components/layout/reauth-dialog.tsx';
import { isReauthRequired } from '#client/lib/reauth.ts';

/**
 * A sensitive action the server refused until the password or a code is typed again (decision 038):
 * `askIfNeeded(err, retry)` opens the dialog when `err` says so (and returns true), then runs `retry`
 * once the server accepted it. Render `reauthDialog` where the dialog belongs (outside any form).
 */
export function useReauthRetry(): { askIfNeeded: (err: unknown, retry: () => void) => boolean; reauthDialog: ReactNode } {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const askIfNeeded = (err: unknown, next: () => void) => {
    if (!isReauthRequired(err)) return false;
    setRetry(() => next);
    return true;
  };
  const reauthDialog = (
    <ReauthDialog
      open={retry !== null}
      onCancel={() => setRetry(null)}
      onDone={() => {
        setRetry(null);
        retry?.();
      }}
    />
  );
  return { askIfNeeded, reauthDialog };
}
