import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { refreshAfterChange } from '#client/lib/query-client.ts';
import { securityApi, type ChangePasswordBody } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

/** Changes the password with the current one; every other session of the account ends. */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(securityApi.changePassword, { body }),
    onSuccess: () => refreshAfterChange(qc, [securityKeys.sessions]),
  });
}
