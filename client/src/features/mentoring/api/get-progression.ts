import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Coordinator and ambassador eligibility, and the latest ambassador application. */
export const progressionQuery = queryOptions({
  queryKey: mentoringKeys.progression,
  queryFn: () => call(mentoringApi.progression),
});

export const useProgression = () => useQuery(progressionQuery);
