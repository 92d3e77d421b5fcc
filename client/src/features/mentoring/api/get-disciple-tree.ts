import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mentoringPaths, type DiscipleNode } from '#common/contracts/mentoring.ts';

import { mentoringKeys } from './keys.ts';

/** The signed-in user's whole mentoring subtree (the root is the user). */
export const discipleTreeQuery = queryOptions({
  queryKey: mentoringKeys.tree,
  queryFn: () => getJson<DiscipleNode>(mentoringPaths.tree),
});

export const useDiscipleTree = () => useQuery(discipleTreeQuery);
