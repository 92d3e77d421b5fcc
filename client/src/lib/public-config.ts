import { queryOptions, useQuery } from '@tanstack/react-query';

import { paths } from '#common/contracts/auth-paths.ts';
import type { PublicConfig } from '#common/contracts/auth.ts';

import { getJson } from './api.ts';
import { sharedKeys } from './query-keys.ts';

/** How the server is configured: sign-in method, support contacts, social links. */
export const publicConfigQuery = queryOptions({ queryKey: sharedKeys.publicConfig, queryFn: () => getJson<PublicConfig>(paths.config) });

export const usePublicConfig = () => useQuery(publicConfigQuery);
