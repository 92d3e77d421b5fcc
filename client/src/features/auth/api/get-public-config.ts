import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { PublicConfig } from '../../../../../common/contracts/auth.ts';
import { getJson } from '../../../lib/api.ts';

export const publicConfigQuery = queryOptions({ queryKey: [paths.config], queryFn: () => getJson<PublicConfig>(paths.config) });
export const usePublicConfig = () => useQuery(publicConfigQuery);
