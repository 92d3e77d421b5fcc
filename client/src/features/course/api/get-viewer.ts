import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { CurrentUser } from '../../../../../common/contracts/auth.ts';
import { getJsonOrNullOn401 } from '../../../lib/api.ts';

/**
 * The signed-in user, for the welcome line, the certificate name and role-dependent buttons.
 * Same key and rules as the app's current-user query, so both share one cache entry.
 */
export const viewerQuery = queryOptions({
  queryKey: [paths.currentUser],
  queryFn: () => getJsonOrNullOn401<CurrentUser>(paths.currentUser),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export const useViewer = () => useQuery(viewerQuery);
