import { desc, eq } from 'drizzle-orm';

import { LIST_PAGE_SIZE, type WatchmomsView } from '#common/contracts/admin.ts';
import type { Db, Transaction, Tx } from '#server/db/client.ts';
import { watchmomsApplications } from '#server/db/schema/index.ts';

import { listOffset, withTotal } from '../admin-shared.ts';

export const watchmomsRepositoryFactory = (db: Db) => ({
  async findPage(view: WatchmomsView, page: number, tx: Tx = db) {
    const where = view === 'all' ? undefined : eq(watchmomsApplications.status, view);
    const newestFirst = [desc(watchmomsApplications.createdAt), desc(watchmomsApplications.id)];
    return withTotal(
      tx
        .select()
        .from(watchmomsApplications)
        .where(where)
        .orderBy(...newestFirst)
        .limit(LIST_PAGE_SIZE)
        .offset(listOffset(page)),
      tx,
      watchmomsApplications,
      where,
    );
  },

  async lock(id: string, tx: Transaction) {
    const rows = await tx.select().from(watchmomsApplications).where(eq(watchmomsApplications.id, id)).for('update');
    return rows[0] ?? null;
  },

  async update(id: string, set: Partial<typeof watchmomsApplications.$inferInsert>, tx: Tx = db) {
    // A decision starts the retention clock of a declined application; going back to new or contacted stops it.
    const decided =
      set.status === undefined ? {} : { decidedAt: set.status === 'approved' || set.status === 'declined' ? new Date() : null };
    const rows = await tx
      .update(watchmomsApplications)
      .set({ ...set, ...decided, updatedAt: new Date() })
      .where(eq(watchmomsApplications.id, id))
      .returning();
    return rows[0]!;
  },
});
export type WatchmomsRepository = ReturnType<typeof watchmomsRepositoryFactory>;
