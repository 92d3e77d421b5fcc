import type { AuditEntry, AuditList } from '../../../../common/contracts/admin.ts';
import { listPageOf, personRef } from '../admin-shared.ts';
import type { AuditRepository } from './audit.repository.ts';

export const auditServiceFactory = ({ auditRepo }: { auditRepo: AuditRepository }) => ({
  async getPage(page: number): Promise<AuditList> {
    const toEntry = (r: Awaited<ReturnType<AuditRepository['findPage']>>['rows'][number]): AuditEntry => ({
      id: r.id,
      actor: personRef(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: (r.details ?? {}) as Record<string, unknown>,
      createdAt: r.createdAt.toISOString(),
    });
    return listPageOf(await auditRepo.findPage(page), page, toEntry);
  },
});
export type AuditService = ReturnType<typeof auditServiceFactory>;
