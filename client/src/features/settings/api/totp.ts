import { useMutation, useQueryClient } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { sharedKeys } from '#client/lib/query-keys.ts';
import { mfaPaths, type RecoveryCodeList, type TotpEnrolment } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

/** A new secret to scan (not active until a code from it is confirmed). */
export const useStartTotp = () => useMutation({ mutationFn: () => sendJson<TotpEnrolment>('POST', mfaPaths.totpSetup) });

/** The first code from the app turns two-step verification on and returns the recovery codes. */
export function useConfirmTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => sendJson<RecoveryCodeList>('POST', mfaPaths.totpConfirm, { code }),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa, sharedKeys.currentUser]),
  });
}

export function useNewRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<RecoveryCodeList>('POST', mfaPaths.recoveryCodes),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa]),
  });
}

export function useDisableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<void>('DELETE', mfaPaths.totp),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.mfa]),
  });
}
