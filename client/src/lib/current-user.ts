import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../common/contracts/auth-paths.ts';
import type { CurrentUser } from '../../../common/contracts/auth.ts';
import { getJsonOrNullOn401 } from './api.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * The signed-in user, or null for a visitor: the route switch, welcome lines, role-dependent screens.
 * Always stale and refetched on focus, unlike other queries.
 */
export const currentUserQuery = queryOptions({
  queryKey: sharedKeys.currentUser,
  queryFn: () => getJsonOrNullOn401<CurrentUser>(paths.currentUser),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
