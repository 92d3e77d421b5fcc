import { useMutation } from '@tanstack/react-query';

import { mfaApi, type ReauthBody } from '#common/contracts/security.ts';

import { ApiRequestError, call } from './api.ts';

/** True when the server asks the password or a code again before a sensitive action (decision 038). */
export const isReauthRequired = (err: unknown) => err instanceof ApiRequestError && err.body.code === 'REAUTH_REQUIRED';

/** Types the password or a code from the app again; sensitive actions are then open for a few minutes. */
export const useReauthenticate = () => useMutation({ mutationFn: (body: ReauthBody) => call(mfaApi.reauth, { body }) });

/** Until when this session may do sensitive actions without typing the password or a code again (ms since epoch). */
export async function fetchReauthUntil(): Promise<number> {
  const status = await call(mfaApi.status);
  return Date.parse(status.reauthUntil);
}
