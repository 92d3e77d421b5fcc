import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { CurrentUser } from '../../../../../common/contracts/auth.ts';
import { getJsonOrNullOn401 } from '../../../lib/api.ts';

/** The signed-in user, to let admins and founders in. Same key and rules as the app's current-user query: one cache entry. */
export const viewerQuery = queryOptions({
  queryKey: [paths.currentUser],
  queryFn: () => getJsonOrNullOn401<CurrentUser>(paths.currentUser),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export const useViewer = () => useQuery(viewerQuery);
