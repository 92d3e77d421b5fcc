import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mailPaths } from '#common/contracts/mail-paths.ts';
import { type MailStatus, type OutboxList } from '#common/contracts/mail.ts';

/** Mail the app wrote, newest first, one status (or all) and page at a time. */
export const useOutbox = (status: MailStatus | 'all', page: number) =>
  useQuery({
    queryKey: [mailPaths.outbox, { status, page }],
    queryFn: () => getJson<OutboxList>(`${mailPaths.outbox}?status=${status}&page=${page}`),
    placeholderData: keepPreviousData,
  });
