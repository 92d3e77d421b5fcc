import { useMutation } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { notificationsApi } from '#common/contracts/notifications.ts';

/** Leaves a mail list with the signed token of an unsubscribe link (no sign-in needed). */
export const useUnsubscribe = () =>
  useMutation({ mutationFn: (token: string) => call(notificationsApi.unsubscribe, { params: { token } }) });
