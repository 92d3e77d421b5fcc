import { useMutation } from '@tanstack/react-query';

import { unsubscribePath, type UnsubscribeResult } from '../../../../../common/contracts/notifications.ts';
import { sendJson } from '../../../lib/api.ts';

/** Leaves a mail list with the signed token of an unsubscribe link (no sign-in needed). */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => sendJson<UnsubscribeResult>('POST', unsubscribePath(token)) });
