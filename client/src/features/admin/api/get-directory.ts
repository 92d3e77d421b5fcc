import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { call } from '#client/lib/api.ts';
import { adminApi, type DirectoryFilter, type directoryQuery as directoryQueryContract } from '#common/contracts/admin.ts';
import { urlOf } from '#common/contracts/endpoint.ts';

import { adminKeys } from './keys.ts';

/** What the screen asks for: the server's query contract with every field given. */
export type DirectoryParams = Required<z.output<typeof directoryQueryContract>>;

/** The server's query with its defaults left out (an empty search, every filter, the first page). */
const directoryQueryOf = ({ search, filter, page, pageSize }: Partial<DirectoryParams>) => ({
  search: search || undefined,
  filter: filter && filter !== 'all' ? filter : undefined,
  page: page && page > 1 ? page : undefined,
  pageSize: pageSize || undefined,
});

/** One page of the user directory; search, filter and paging happen on the server. */
export const directoryQuery = (params: DirectoryParams) =>
  queryOptions({
    queryKey: adminKeys.users.page(params),
    queryFn: () => call(adminApi.users, { query: directoryQueryOf(params) }),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useDirectory = (params: DirectoryParams, enabled: boolean) => useQuery({ ...directoryQuery(params), enabled });

/** The CSV export of the same search and filter (a download, opened as a plain link). */
export const exportUrl = (search: string, filter: DirectoryFilter, lang: string) => {
  const q = directoryQueryOf({ search, filter });
  return urlOf(adminApi.usersExport, { query: { search: q.search, filter: q.filter, lang: lang === 'fr' ? 'fr' : 'en' } });
};
