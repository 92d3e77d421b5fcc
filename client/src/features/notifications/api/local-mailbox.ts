import { useQuery } from '@tanstack/react-query';

import { getJson } from '#client/lib/api.ts';
import { mailPaths } from '#common/contracts/mail-paths.ts';
import type { LocalMailbox } from '#common/contracts/mail.ts';

/** The laptop install's mailbox (decision 059), looked at again every few seconds while the page is open: a mail being sent shows up by itself. */
export const useLocalMailbox = () =>
  useQuery({
    queryKey: ['local-mailbox'],
    queryFn: () => getJson<LocalMailbox>(mailPaths.localMailbox),
    refetchInterval: 2_000,
    retry: false,
  });
