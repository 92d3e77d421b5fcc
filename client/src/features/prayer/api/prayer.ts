import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { getJson, sendJson } from '#client/lib/api.ts';
import { prayerPaths, type PrayerReminders, type PrayerState } from '#common/contracts/prayer.ts';

export const prayerKeys = { state: ['prayer'] as const };

/** The person's reminders and whether a calendar link exists; kept by the service worker for offline use. */
export const prayerStateQuery = queryOptions({ queryKey: prayerKeys.state, queryFn: () => getJson<PrayerState>(prayerPaths.state) });

export const usePrayerState = () => useQuery(prayerStateQuery);

export function useSaveReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PrayerReminders) => sendJson<PrayerState>('PUT', prayerPaths.reminders, body),
    onSuccess: (state) => qc.setQueryData(prayerKeys.state, state),
  });
}

/** The device's time zone (IANA), the one reminders and the calendar file use. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The calendar file's address for this device's time zone. */
export const downloadUrl = (timeZone: string) => `${prayerPaths.download}?timeZone=${encodeURIComponent(timeZone)}`;
