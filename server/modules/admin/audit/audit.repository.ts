import { and, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { LIST_PAGE_SIZE, type AuditFilters } from '#common/contracts/admin.ts';
import { LIST_VIEW_ACTION, type AuditAction } from '#common/domain/audit-actions.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { ambassadorApplications, auditLog, users, watchmomsApplications } from '#server/db/schema/index.ts';

import { containsPattern, listOffset, withTotal } from '../admin-shared.ts';

export interface AuditInput {
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

const actor = alias(users, 'actor');

/**
 * The entries a filter keeps. A person matches by name or email (folded like the directory's search:
 * "zoe" finds "Zoë") as the one who acted, or as the account or the ambassador applicant acted on.
 * Entries keep ids only, so a deleted person is found by neither.
 */
function auditConditions({ action, hideListViews, person, from, to }: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (action) parts.push(eq(auditLog.action, action));
  else if (hideListViews) parts.push(ne(auditLog.action, LIST_VIEW_ACTION));
  if (person) {
    const matching = sql`select id from users where search_key like public.app_fold(${containsPattern(person)})`;
    parts.push(
      or(
        sql`${auditLog.actorId} in (${matching})`,
        and(eq(auditLog.targetType, 'user'), sql`${auditLog.targetId} in (select id::text from (${matching}) m)`),
        and(
          eq(auditLog.targetType, 'ambassador_application'),
          sql`${auditLog.targetId} in (select a.id::text from ambassador_applications a where a.user_id in (${matching}))`,
        ),
      ),
    );
  }
  if (from) parts.push(gte(auditLog.createdAt, new Date(from)));
  if (to) parts.push(lt(auditLog.createdAt, new Date(to)));
  return and(...parts);
}

export const auditRepositoryFactory = (db: Db) => ({
  /** Pass the transaction of the change being recorded, so the entry commits (or not) with it. */
  async insert(entry: AuditInput, tx: Tx = db) {
    await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
  },

  async findPage(page: number, filters: AuditFilters, tx: Tx = db) {
    const where = auditConditions(filters);
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
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(LIST_PAGE_SIZE)
      .offset(listOffset(page));
    return withTotal(rows, tx, auditLog, where);
  },

  /** Live accounts by id (the entries keep ids; names are read now, and vanish with the account). */
  findPeople: async (ids: string[], tx: Tx = db) =>
    ids.length === 0
      ? []
      : tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, ids)),

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
    ids.length === 0
      ? []
      : tx
          .select({ id: watchmomsApplications.id, fullName: watchmomsApplications.fullName })
          .from(watchmomsApplications)
          .where(inArray(watchmomsApplications.id, ids)),
});
export type AuditRepository = ReturnType<typeof auditRepositoryFactory>;
