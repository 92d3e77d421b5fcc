import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi, type CallbackView } from '#common/contracts/admin.ts';

import { adminKeys } from './keys.ts';

/** The callback inbox, one view (open, new, contacted, closed, all) and page at a time. */
export const useCallbacks = (status: CallbackView, page: number) =>
  useQuery({
    queryKey: adminKeys.callbacks.page({ status, page }),
    queryFn: () => call(adminApi.callbacks, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
