import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mentoringApi } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** The signed-in user's whole mentoring subtree (the root is the user). */
export const discipleTreeQuery = queryOptions({
  queryKey: mentoringKeys.tree,
  queryFn: () => call(mentoringApi.tree),
});

export const useDiscipleTree = () => useQuery(discipleTreeQuery);
