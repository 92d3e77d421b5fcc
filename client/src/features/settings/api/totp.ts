import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { mfaApi } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

/** A new secret to scan (not active until a code from it is confirmed). */
export const useStartTotp = () => useMutation({ mutationFn: () => call(mfaApi.totpSetup) });

/** The first code from the app turns two-step verification on and returns the recovery codes. */
export function useConfirmTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call(mfaApi.totpConfirm, { body: { code } }),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa, sharedKeys.currentUser]),
  });
}

export function useNewRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(mfaApi.recoveryCodes),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa]),
  });
}

export function useDisableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(mfaApi.disableTotp),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa]),
  });
}
