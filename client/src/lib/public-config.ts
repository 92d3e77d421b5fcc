import { queryOptions, useQuery } from '@tanstack/react-query';

import { authApi } from '#common/contracts/auth-paths.ts';

import { call } from './api.ts';
import { sharedKeys } from './query-keys.ts';

/** How the server is configured: sign-in method, support contacts, social links. */
export const publicConfigQuery = queryOptions({ queryKey: sharedKeys.publicConfig, queryFn: () => call(authApi.config) });

export const usePublicConfig = () => useQuery(publicConfigQuery);
