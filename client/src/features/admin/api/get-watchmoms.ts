import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { adminPaths, type WatchmomsList, type WatchmomsView } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** WatchMoms applications, newest first, one status (or all) and page at a time. */
export const useWatchmoms = (status: WatchmomsView, page: number) =>
  useQuery({
    queryKey: adminKeys.watchmoms.page({ status, page }),
    queryFn: () => getJson<WatchmomsList>(`${adminPaths.watchmoms}?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
