import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminPaths, type WatchmomsList, type WatchmomsView } from '../../../../../common/contracts/admin.ts';
import { getJson } from '../../../lib/api.ts';

/** WatchMoms applications, newest first, one status (or all) and page at a time. */
export const useWatchmoms = (status: WatchmomsView, page: number) =>
  useQuery({
    queryKey: [adminPaths.watchmoms, { status, page }],
    queryFn: () => getJson<WatchmomsList>(`${adminPaths.watchmoms}?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
