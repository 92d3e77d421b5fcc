import { useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { mailApi } from '#common/contracts/mail.ts';

/** The laptop install's mailbox (decision 059), looked at again every few seconds while the page is open: a mail being sent shows up by itself. */
export const useLocalMailbox = () =>
  useQuery({
    queryKey: ['local-mailbox'],
    queryFn: () => call(mailApi.localMailbox),
    refetchInterval: 2_000,
    retry: false,
  });
