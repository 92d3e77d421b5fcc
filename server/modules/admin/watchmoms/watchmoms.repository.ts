import { desc, eq, sql } from 'drizzle-orm';
import { LIST_PAGE_SIZE, type WatchmomsView } from '../../../../common/contracts/admin.ts';
import type { Db, Transaction, Tx } from '../../../db/client.ts';
import { watchmomsApplications } from '../../../db/schema/index.ts';
import { listOffset } from '../admin-shared.ts';

export const watchmomsRepositoryFactory = (db: Db) => ({
  async findPage(view: WatchmomsView, page: number, tx: Tx = db) {
    const where = view === 'all' ? undefined : eq(watchmomsApplications.status, view);
    const [rows, [count]] = await Promise.all([
      tx
        .select()
        .from(watchmomsApplications)
        .where(where)
        .orderBy(desc(watchmomsApplications.createdAt), desc(watchmomsApplications.id))
        .limit(LIST_PAGE_SIZE)
        .offset(listOffset(page)),
      tx.select({ n: sql<number>`count(*)::int` }).from(watchmomsApplications).where(where),
    ]);
    return { rows, total: count!.n };
  },

  async lock(id: string, tx: Transaction) {
    const rows = await tx.select().from(watchmomsApplications).where(eq(watchmomsApplications.id, id)).for('update');
    return rows[0] ?? null;
  },

  async update(id: string, set: Partial<typeof watchmomsApplications.$inferInsert>, tx: Tx = db) {
    const rows = await tx.update(watchmomsApplications).set({ ...set, updatedAt: new Date() }).where(eq(watchmomsApplications.id, id)).returning();
    return rows[0]!;
  },
});
export type WatchmomsRepository = ReturnType<typeof watchmomsRepositoryFactory>;
