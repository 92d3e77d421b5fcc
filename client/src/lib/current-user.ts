import { queryOptions, useQuery } from '@tanstack/react-query';

import { authApi } from '#common/contracts/auth-paths.ts';

import { callOrNullOn401 } from './api.ts';
import { sharedKeys } from './query-keys.ts';

/**
 * The signed-in user, or null for a visitor: the route switch, welcome lines, role-dependent screens.
 * Always stale and refetched on focus, unlike other queries; asked once per page load, not again
 * each time a component that reads it mounts (docs/decisions/078: the route switch and then the
 * screen each asked for it). Changes made here update or refresh it themselves.
 */
export const currentUserQuery = queryOptions({
  queryKey: sharedKeys.currentUser,
  queryFn: () => callOrNullOn401(authApi.currentUser),
  staleTime: 0,
  refetchOnWindowFocus: true,
  refetchOnMount: false,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
