import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { getJson } from '#client/lib/api.ts';
import {
  adminPaths,
  type DirectoryFilter,
  type DirectoryPage,
  type directoryQuery as directoryQueryContract,
} from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** What the screen asks for: the server's query contract with every field given. */
export type DirectoryParams = Required<z.output<typeof directoryQueryContract>>;

export const directoryQueryString = ({ search, filter, page, pageSize }: Partial<DirectoryParams>) => {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  if (filter && filter !== 'all') q.set('filter', filter);
  if (page && page > 1) q.set('page', String(page));
  if (pageSize) q.set('pageSize', String(pageSize));
  return q.toString();
};

/** One page of the user directory; search, filter and paging happen on the server. */
export const directoryQuery = (params: DirectoryParams) =>
  queryOptions({
    queryKey: adminKeys.users.page(params),
    queryFn: () => getJson<DirectoryPage>(`${adminPaths.users}?${directoryQueryString(params)}`),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export const useDirectory = (params: DirectoryParams, enabled: boolean) => useQuery({ ...directoryQuery(params), enabled });

/** The CSV export of the same search and filter (a download, opened as a plain link). */
export const exportUrl = (search: string, filter: DirectoryFilter, lang: string) => {
  const q = directoryQueryString({ search, filter });
  return `${adminPaths.usersExport}?${q ? `${q}&` : ''}lang=${lang === 'fr' ? 'fr' : 'en'}`;
};
