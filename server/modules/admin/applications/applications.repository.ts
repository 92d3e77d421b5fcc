import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { LIST_PAGE_SIZE, type ApplicationView } from '#common/contracts/admin.ts';
import type { Db, Transaction, Tx } from '#server/db/client.ts';
import { ambassadorApplications, users } from '#server/db/schema/index.ts';

import { listOffset, withTotal } from '../admin-shared.ts';

const applicant = alias(users, 'applicant');
const decider = alias(users, 'decider');

export const applicationsRepositoryFactory = (db: Db) => ({
  /** A page of applications in one status (or all), or the one application `id`. */
  async findPage({ view, page, id }: { view: ApplicationView; page: number; id?: string }, tx: Tx = db) {
    const where = and(
      view === 'all' ? undefined : eq(ambassadorApplications.status, view),
      id ? eq(ambassadorApplications.id, id) : undefined,
    );
    const rows = tx
      .select({
        id: ambassadorApplications.id,
        status: ambassadorApplications.status,
        createdAt: ambassadorApplications.createdAt,
        decidedAt: ambassadorApplications.decidedAt,
        userId: applicant.id,
        userFirstName: applicant.firstName,
        userLastName: applicant.lastName,
        userEmail: applicant.email,
        userRole: applicant.role,
        deciderId: decider.id,
        deciderFirstName: decider.firstName,
        deciderLastName: decider.lastName,
        deciderEmail: decider.email,
        completedDisciples: sql<number>`coalesce((select ms.completed_disciples from mentor_stats ms where ms.user_id = ${applicant.id}), 0)`,
      })
      .from(ambassadorApplications)
      .innerJoin(applicant, eq(applicant.id, ambassadorApplications.userId))
      .leftJoin(decider, eq(decider.id, ambassadorApplications.decidedBy))
      .where(where)
      .orderBy(view === 'pending' ? ambassadorApplications.createdAt : desc(ambassadorApplications.createdAt), ambassadorApplications.id)
      .limit(LIST_PAGE_SIZE)
      .offset(listOffset(page));
    return withTotal(rows, tx, ambassadorApplications, where);
  },

  async lock(id: string, tx: Transaction) {
    const rows = await tx.select().from(ambassadorApplications).where(eq(ambassadorApplications.id, id)).for('update');
    return rows[0] ?? null;
  },

  async decide({ id, status, deciderId }: { id: string; status: 'approved' | 'declined'; deciderId: string }, tx: Tx = db) {
    await tx
      .update(ambassadorApplications)
      .set({ status, decidedBy: deciderId, decidedAt: new Date() })
      .where(eq(ambassadorApplications.id, id));
  },
});
export type ApplicationsRepository = ReturnType<typeof applicationsRepositoryFactory>;
export type ApplicationRow = Awaited<ReturnType<ApplicationsRepository['findPage']>>['rows'][number];
