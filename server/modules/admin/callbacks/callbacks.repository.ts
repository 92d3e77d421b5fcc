import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { LIST_PAGE_SIZE, type CallbackView } from '#common/contracts/admin.ts';
import { teamRoles } from '#common/domain/roles.ts';
import { PRIORITY_BANDS, PRIORITY_CATEGORY } from '#common/domain/support.ts';
import { deadlineHoursSql, isOverdueSql } from '#server/db/callback-sql.ts';
import type { Db, Transaction, Tx } from '#server/db/client.ts';
import { callbackRequests, users } from '#server/db/schema/index.ts';

import { listOffset, withTotal } from '../admin-shared.ts';

const assigneeUser = alias(users, 'assignee');

const callbackColumns = {
  id: callbackRequests.id,
  name: callbackRequests.name,
  phone: callbackRequests.phone,
  category: callbackRequests.category,
  scoreBand: callbackRequests.scoreBand,
  contactMethod: callbackRequests.contactMethod,
  isVoicemailSafe: callbackRequests.isVoicemailSafe,
  goodTime: callbackRequests.goodTime,
  language: callbackRequests.language,
  status: callbackRequests.status,
  notes: callbackRequests.notes,
  assignedTo: callbackRequests.assignedTo,
  createdAt: callbackRequests.createdAt,
  updatedAt: callbackRequests.updatedAt,
  assigneeFirstName: assigneeUser.firstName,
  assigneeLastName: assigneeUser.lastName,
  assigneeEmail: assigneeUser.email,
  isOverdue: isOverdueSql,
  deadlineHours: deadlineHoursSql,
  // isPriorityRequest() in common/domain/support.ts, from the same constants.
  isPriority: sql<boolean>`coalesce(${and(eq(callbackRequests.category, PRIORITY_CATEGORY), inArray(callbackRequests.scoreBand, [...PRIORITY_BANDS]))}, false)`,
};
export type CallbackRow = NonNullable<Awaited<ReturnType<ReturnType<typeof callbacksRepositoryFactory>['findOne']>>>;

function callbackWhere(view: CallbackView): SQL | undefined {
  if (view === 'all') return undefined;
  if (view === 'open') return inArray(callbackRequests.status, ['new', 'contacted']);
  return eq(callbackRequests.status, view);
}

export const callbacksRepositoryFactory = (db: Db) => ({
  /**
   * Open before closed; flagged mental-health requests first; then overdue; then oldest first.
   * Assignees are looked up for the page only (joining first made PostgreSQL hash every user).
   */
  async findPage(view: CallbackView, page: number, tx: Tx = db) {
    const where = callbackWhere(view);
    const { assigneeFirstName: _f, assigneeLastName: _l, assigneeEmail: _e, ...ownColumns } = callbackColumns;
    const { rows, total } = await withTotal(
      tx
        .select(ownColumns)
        .from(callbackRequests)
        .where(where)
        .orderBy(
          sql`(${callbackRequests.status} = 'closed')`,
          sql`${callbackColumns.isPriority} desc`,
          sql`${callbackColumns.isOverdue} desc`,
          callbackRequests.createdAt,
          callbackRequests.id,
        )
        .limit(LIST_PAGE_SIZE)
        .offset(listOffset(page)),
      tx,
      callbackRequests,
      where,
    );
    const assigneeIds = [...new Set(rows.map((r) => r.assignedTo).filter((id): id is string => id !== null))];
    const assignees = assigneeIds.length
      ? await tx
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, assigneeIds))
      : [];
    const byId = new Map(assignees.map((a) => [a.id, a]));
    return {
      rows: rows.map((r) => {
        const a = r.assignedTo ? byId.get(r.assignedTo) : undefined;
        return { ...r, assigneeFirstName: a?.firstName ?? null, assigneeLastName: a?.lastName ?? null, assigneeEmail: a?.email ?? null };
      }),
      total,
    };
  },

  async findOne(id: string, tx: Tx = db) {
    const rows = await tx
      .select(callbackColumns)
      .from(callbackRequests)
      .leftJoin(assigneeUser, eq(assigneeUser.id, callbackRequests.assignedTo))
      .where(eq(callbackRequests.id, id));
    return rows[0] ?? null;
  },

  async lock(id: string, tx: Transaction) {
    const rows = await tx.select().from(callbackRequests).where(eq(callbackRequests.id, id)).for('update');
    return rows[0] ?? null;
  },

  async update(id: string, set: Partial<typeof callbackRequests.$inferInsert>, tx: Tx = db) {
    await tx
      .update(callbackRequests)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(callbackRequests.id, id));
  },

  /** A team member a request can be assigned to (locked until the assignment commits), or null. */
  async lockTeamMember(id: string, tx: Transaction) {
    const rows = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, id), inArray(users.role, [...teamRoles])))
      .for('update');
    return rows[0] ?? null;
  },

  /** Team members a request can be assigned to. */
  async findTeam(tx: Tx = db) {
    return tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.role, [...teamRoles]))
      .orderBy(sql`lower(${users.firstName}) nulls last`, sql`lower(${users.lastName}) nulls last`, users.email)
      .limit(1000);
  },
});
export type CallbacksRepository = ReturnType<typeof callbacksRepositoryFactory>;
