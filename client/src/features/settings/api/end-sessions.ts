import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { securityApi } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

/** Signs out one session of the account; signing out this very one leaves the app signed out. */
export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; isCurrent: boolean }) => call(securityApi.endSession, { params: { id } }),
    onSuccess: (_data, { isCurrent }) => {
      if (isCurrent) {
        qc.clear();
        qc.setQueryData(sharedKeys.currentUser, null);
        return;
      }
      return refreshAfterChange(qc, [securityKeys.sessions]);
    },
    meta: { errorToast: { ns: 'settings' } },
  });
}

/** Signs out every other session of the account. */
export function useEndOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(securityApi.endOtherSessions),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.sessions]),
    meta: { errorToast: { ns: 'settings' } },
  });
}
