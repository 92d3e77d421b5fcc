import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { prayerApi } from '#common/contracts/prayer.ts';

// The same key as the Pray page's state (features/prayer/api): one answer, made stale by either side.
const prayerStateKey = ['prayer'] as const;

/** Whether a private calendar link exists (its address is shown only when made). */
export const prayerCalendarQuery = queryOptions({
  queryKey: prayerStateKey,
  queryFn: () => call(prayerApi.state),
  staleTime: 0,
});
export const usePrayerCalendar = () => useQuery(prayerCalendarQuery);

/** Makes or renews the link: the older one stops working. */
export function useCreatePrayerCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => call(prayerApi.createCalendar, { body: { timeZone } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: prayerStateKey }),
    meta: { errorToast: { ns: 'prayer' } },
  });
}

export function useRevokePrayerCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(prayerApi.revokeCalendar),
    onSuccess: () => qc.invalidateQueries({ queryKey: prayerStateKey }),
    meta: { errorToast: { ns: 'prayer' } },
  });
}
