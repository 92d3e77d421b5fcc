import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { notificationsApi, type UpdateNotificationSettingsBody } from '#common/contracts/notifications.ts';

const notificationKeys = { settings: ['settings', 'notifications'] as const };

/** Which mails the signed-in person receives, and the address they go to. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: () => call(notificationsApi.settings),
  // An unsubscribe link may have changed it since: fresh each time the section is shown.
  staleTime: 0,
});

export const useNotificationSettings = () => useQuery(notificationSettingsQuery);

/** Turns one kind of mail on or off; the section shows the server's answer. */
export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsBody) => call(notificationsApi.updateSettings, { body }),
    onSuccess: (settings) => qc.setQueryData(notificationKeys.settings, settings),
    meta: { errorToast: { ns: 'notifications' } },
  });
}
