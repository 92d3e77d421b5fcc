import type { AuditEntry, AuditFilters, AuditList } from '#common/contracts/admin.ts';
import { fullNameOf, type NameParts } from '#common/domain/names.ts';

import { listPageOf, personRef } from '../admin-shared.ts';
import type { AuditRepository } from './audit.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in an entry's details, top level and one level down ({ assignedTo: { from, to } }). */
function idsIn(details: Record<string, unknown>): string[] {
  const values = Object.values(details).flatMap((v) => (typeof v === 'object' && v !== null ? Object.values(v) : [v]));
  return values.filter((v): v is string => typeof v === 'string' && UUID.test(v));
}

const fullName = (p: NameParts) => fullNameOf(p) || null;

export const auditServiceFactory = ({ auditRepo }: { auditRepo: AuditRepository }) => ({
  /**
   * A page of the audit log. Entries hold ids and actions only (issue 11); the names an admin needs
   * to read them are looked up now from the rows that still exist, so a deleted person's name is
   * nowhere, not even in the log.
   */
  async getPage(page: number, filters: AuditFilters): Promise<AuditList> {
    const result = await auditRepo.findPage(page, filters);
    const idsOf = (type: string) => [
      ...new Set(result.rows.filter((r) => r.targetType === type && r.targetId && UUID.test(r.targetId)).map((r) => r.targetId!)),
    ];
    const personIds = new Set([...idsOf('user'), ...result.rows.flatMap((r) => idsIn((r.details ?? {}) as Record<string, unknown>))]);
    const [people, applicants, watchmoms] = await Promise.all([
      auditRepo.findPeople([...personIds]),
      auditRepo.findApplicants(idsOf('ambassador_application')),
      auditRepo.findWatchmomsNames(idsOf('watchmoms_application')),
    ]);
    const personById = new Map(people.map((p) => [p.id, p]));
    const targets = new Map<string, AuditEntry['target']>([
      ...people.map((p) => [p.id, { name: fullName(p), email: p.email }] as const),
      ...applicants.map((a) => [a.applicationId, { name: fullName(a), email: a.email }] as const),
      ...watchmoms.map((w) => [w.id, { name: w.fullName, email: null }] as const),
    ]);
    const targetTypes = new Set(['user', 'ambassador_application', 'watchmoms_application']);

    const toEntry = (r: (typeof result.rows)[number]): AuditEntry => {
      const details = (r.details ?? {}) as Record<string, unknown>;
      const mentioned = idsIn(details).flatMap((id) => {
        const p = personById.get(id);
        return p ? [[id, personRef(p.id, p.firstName, p.lastName, p.email)!] as const] : [];
      });
      return {
        id: r.id,
        actor: personRef(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        details,
        createdAt: r.createdAt.toISOString(),
        target: r.targetId && targetTypes.has(r.targetType) ? (targets.get(r.targetId) ?? null) : null,
        people: Object.fromEntries(mentioned),
      };
    };
    return listPageOf(result, page, toEntry);
  },
});
export type AuditService = ReturnType<typeof auditServiceFactory>;
