import { useMutation } from '@tanstack/react-query';

import { sendJson } from '#client/lib/api.ts';
import { unsubscribePath, type UnsubscribeResult } from '#common/contracts/notifications.ts';

/** Leaves a mail list with the signed token of an unsubscribe link (no sign-in needed). */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => sendJson<UnsubscribeResult>('POST', unsubscribePath(token)) });
