import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mailApi, type MailStatus } from '#common/contracts/mail.ts';

/** Mail the app wrote, newest first, one status (or all) and page at a time. */
export const useOutbox = (status: MailStatus | 'all', page: number) =>
  useQuery({
    queryKey: [mailApi.outbox.path, { status, page }],
    queryFn: () => call(mailApi.outbox, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
