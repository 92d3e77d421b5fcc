import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi, type WatchmomsView } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** WatchMoms applications, newest first, one status (or all) and page at a time. */
export const useWatchmoms = (status: WatchmomsView, page: number) =>
  useQuery({
    queryKey: adminKeys.watchmoms.page({ status, page }),
    queryFn: () => call(adminApi.watchmoms, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
