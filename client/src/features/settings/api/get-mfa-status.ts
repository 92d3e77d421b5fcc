import { queryOptions, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mfaPaths, type MfaStatus } from '#common/contracts/security.ts';

import { securityKeys } from './security-keys.ts';

export const mfaStatusQuery = queryOptions({
  queryKey: securityKeys.mfa,
  queryFn: () => getJson<MfaStatus>(mfaPaths.status),
  staleTime: 0,
});
export const useMfaStatus = () => useQuery(mfaStatusQuery);
