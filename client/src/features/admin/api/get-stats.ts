import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** The four stat cards. */
export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => call(adminApi.stats),
});

export const useStats = (enabled: boolean) => useQuery({ ...statsQuery, enabled });
