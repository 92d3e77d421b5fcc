import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { urlOf } from '#common/contracts/endpoint.ts';
import { prayerApi, type PrayerReminders } from '#common/contracts/prayer.ts';

export const prayerKeys = { state: ['prayer'] as const };

/** The person's reminders and whether a calendar link exists; kept by the service worker for offline use. */
export const prayerStateQuery = queryOptions({ queryKey: prayerKeys.state, queryFn: () => call(prayerApi.state) });

export const usePrayerState = () => useQuery(prayerStateQuery);

export function useSaveReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PrayerReminders) => call(prayerApi.saveReminders, { body }),
    onSuccess: (state) => qc.setQueryData(prayerKeys.state, state),
  });
}

/** The device's time zone (IANA), the one reminders and the calendar file use. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The calendar file's address for this device's time zone. */
export const downloadUrl = (timeZone: string) => urlOf(prayerApi.download, { query: { timeZone } });
