import { desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIST_PAGE_SIZE } from '../../../../common/contracts/admin.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { ambassadorApplications, auditLog, users, watchmomsApplications } from '../../../db/schema/index.ts';
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

  /** Live accounts by id (the entries keep ids; names are read now, and vanish with the account). */
  findPeople: async (ids: string[], tx: Tx = db) =>
    ids.length === 0 ? [] : tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids)),

  /** The applicant of each ambassador application that still exists. */
  findApplicants: async (applicationIds: string[], tx: Tx = db) =>
    applicationIds.length === 0
      ? []
      : tx
          .select({ applicationId: ambassadorApplications.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(ambassadorApplications)
          .innerJoin(users, eq(users.id, ambassadorApplications.userId))
          .where(inArray(ambassadorApplications.id, applicationIds)),

  /** The name on each WatchMoms application that still exists. */
  findWatchmomsNames: async (ids: string[], tx: Tx = db) =>
    ids.length === 0 ? [] : tx.select({ id: watchmomsApplications.id, fullName: watchmomsApplications.fullName }).from(watchmomsApplications).where(inArray(watchmomsApplications.id, ids)),
});
export type AuditRepository = ReturnType<typeof auditRepositoryFactory>;
