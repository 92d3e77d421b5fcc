import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mentoringPaths, type Progression } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** Coordinator and ambassador eligibility, and the latest ambassador application. */
export const progressionQuery = queryOptions({
  queryKey: mentoringKeys.progression,
  queryFn: () => getJson<Progression>(mentoringPaths.progression),
});

export const useProgression = () => useQuery(progressionQuery);
