import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { CurrentUser } from '../../../../../common/contracts/auth.ts';
import { getJsonOrNullOn401 } from '../../../lib/api.ts';

/** The signed-in user, or null for a visitor. Always stale and refetched on focus, unlike other queries. */
export const currentUserQuery = queryOptions({
  queryKey: [paths.currentUser],
  queryFn: () => getJsonOrNullOn401<CurrentUser>(paths.currentUser),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export const useCurrentUser = () => useQuery(currentUserQuery);
