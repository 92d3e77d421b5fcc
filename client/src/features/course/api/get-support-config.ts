import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../../common/contracts/auth-paths.ts';
import type { PublicConfig } from '../../../../../common/contracts/auth.ts';
import { getJson } from '../../../lib/api.ts';

/** Support email and WhatsApp number, as the server is configured (same key as the app's public-config query). */
export const supportConfigQuery = queryOptions({ queryKey: [paths.config], queryFn: () => getJson<PublicConfig>(paths.config) });

export const useSupportConfig = () => useQuery(supportConfigQuery);
