import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminPaths, type AuditList } from '../../../../../common/contracts/admin.ts';
import { getJson } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

/** Who did what and when, newest first. */
export const useAuditLog = (page: number) =>
  useQuery({
    queryKey: adminKeys.audit.page({ page }),
    queryFn: () => getJson<AuditList>(`${adminPaths.audit}?page=${page}`),
    placeholderData: keepPreviousData,
  });
