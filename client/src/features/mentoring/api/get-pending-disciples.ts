import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mentoringPaths, type PendingDisciples } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Direct disciples still in the course, and invitations nobody has accepted yet. */
export const pendingDisciplesQuery = queryOptions({
  queryKey: mentoringKeys.pending,
  queryFn: () => getJson<PendingDisciples>(mentoringPaths.pending),
});

export const usePendingDisciples = () => useQuery(pendingDisciplesQuery);
