import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi } from '#common/contracts/admin.ts';
import type { ApplicationStatus } from '#common/domain/eligibility.ts';

import { adminKeys } from './keys.ts';

export type ApplicationView = ApplicationStatus | 'all';

/** Ambassador applications, pending first by default. */
export const useApplications = (status: ApplicationView, page: number) =>
  useQuery({
    queryKey: adminKeys.applications.page({ status, page }),
    queryFn: () => call(adminApi.applications, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
