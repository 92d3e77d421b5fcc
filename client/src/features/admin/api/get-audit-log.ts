import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '#client/lib/api.ts';
import { adminApi } from '#common/contracts/admin.ts';
import type { AuditAction } from '#common/domain/audit-actions.ts';

import { adminKeys } from './keys.ts';

/** What the audit screen asks for. Days are the admin's own calendar days (YYYY-MM-DD, '' for none), both included. */
export interface AuditParams {
  page: number;
  action: AuditAction | '';
  hideListViews: boolean;
  person: string;
  fromDay: string;
  toDay: string;
}

/** Midnight starting `day` (YYYY-MM-DD) in this browser's time zone, `plusDays` later, as an instant. */
const localMidnight = (day: string, plusDays = 0) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays).toISOString();
};

/** The server's query (common/contracts/admin.ts `auditListQuery`): whole local days become the instants [from, to). */
const auditQueryOf = ({ page, action, hideListViews, person, fromDay, toDay }: AuditParams) => ({
  page: page > 1 ? page : undefined,
  action: action || undefined,
  hideListViews: hideListViews ? undefined : ('false' as const),
  person: person || undefined,
  from: fromDay ? localMidnight(fromDay) : undefined,
  to: toDay ? localMidnight(toDay, 1) : undefined,
});

/** Who did what and when, newest first; the filters apply on the server. */
export const useAuditLog = (params: AuditParams, enabled = true) =>
  useQuery({
    queryKey: adminKeys.audit.page(params),
    queryFn: () => call(adminApi.audit, { query: auditQueryOf(params) }),
    placeholderData: keepPreviousData,
    enabled,
  });
