import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { securityApi } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

export const sessionsQuery = queryOptions({
  queryKey: securityKeys.sessions,
  queryFn: () => call(securityApi.sessions),
  // Sessions come and go on other devices: fresh each time the section is shown.
  staleTime: 0,
});

export const useSessions = () => useQuery(sessionsQuery);
