import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { adminPaths, type AdminStats } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** The four stat cards. */
export const statsQuery = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => getJson<AdminStats>(adminPaths.stats),
});

export const useStats = (enabled: boolean) => useQuery({ ...statsQuery, enabled });
