import { queryOptions, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mfaApi } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

export const mfaStatusQuery = queryOptions({
  queryKey: securityKeys.mfa,
  queryFn: () => call(mfaApi.status),
  staleTime: 0,
});
export const useMfaStatus = () => useQuery(mfaStatusQuery);
