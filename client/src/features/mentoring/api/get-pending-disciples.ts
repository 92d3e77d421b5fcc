import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Direct disciples still in the course, and invitations nobody has accepted yet. */
export const pendingDisciplesQuery = queryOptions({
  queryKey: mentoringKeys.pending,
  queryFn: () => call(mentoringApi.pending),
});

export const usePendingDisciples = () => useQuery(pendingDisciplesQuery);
