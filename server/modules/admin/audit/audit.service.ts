import type { AuditEntry, AuditList } from '../../../../common/contracts/admin.ts';
import { listPageOf, personRef } from '../admin-shared.ts';
import type { AuditRepository } from './audit.repository.ts';

export const auditServiceFactory = ({ auditRepo }: { auditRepo: AuditRepository }) => ({
  async getPage(page: number): Promise<AuditList> {
    const { rows, total } = await auditRepo.findPage(page);
    const items: AuditEntry[] = rows.map((r) => ({
      id: r.id,
      actor: personRef(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: (r.details ?? {}) as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    }));
    return listPageOf(items, total, page);
  },
});
export type AuditService = ReturnType<typeof auditServiceFactory>;
