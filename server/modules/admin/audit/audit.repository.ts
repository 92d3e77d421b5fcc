import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE } from '../../../../common/contracts/admin.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { auditLog, users } from '../../../db/schema/index.ts';
import { listOffset, withTotal } from '../admin-shared.ts';

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

const actor = alias(users, 'actor');

export const auditRepositoryFactory = (db: Db) => ({
  /** Pass the transaction of the change being recorded, so the entry commits (or not) with it. */
  async insert(entry: AuditInput, tx: Tx = db) {
    await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
  },

  async findPage(page: number, tx: Tx = db) {
    const rows = tx
        .select({
          id: auditLog.id,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
          actorId: actor.id,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
          actorEmail: actor.email,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .orderBy(desc(auditLog.id))
        .limit(LIST_PAGE_SIZE)
        .offset(listOffset(page));
    return withTotal(rows, tx, auditLog, undefined);
  },
});
export type AuditRepository = ReturnType<typeof auditRepositoryFactory>;
