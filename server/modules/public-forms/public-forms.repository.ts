import { eq } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.ts';
import { callbackRequests, watchmomsApplications } from '../../db/schema/index.ts';

export type NewWatchmomsApplication = typeof watchmomsApplications.$inferInsert;
export type WatchmomsApplicationRow = typeof watchmomsApplications.$inferSelect;

export const publicFormsRepositoryFactory = (db: Db) => ({
  /** Inserts an application; returns null when its idempotency key was already used. */
  async insertWatchmomsApplication(values: NewWatchmomsApplication, tx: Tx = db): Promise<WatchmomsApplicationRow | null> {
    const rows = await tx
      .insert(watchmomsApplications)
      .values(values)
      .onConflictDoNothing({ target: watchmomsApplications.idempotencyKey })
      .returning();
    return rows[0] ?? null;
  },

  async findWatchmomsApplicationByKey(key: string, tx: Tx = db): Promise<WatchmomsApplicationRow | null> {
    const rows = await tx.select().from(watchmomsApplications).where(eq(watchmomsApplications.idempotencyKey, key)).limit(1);
    return rows[0] ?? null;
  },

  async insertCallbackRequest(values: typeof callbackRequests.$inferInsert, tx: Tx = db) {
    const [row] = await tx.insert(callbackRequests).values(values).returning({ id: callbackRequests.id });
    return row!;
  },
});
export type PublicFormsRepository = ReturnType<typeof publicFormsRepositoryFactory>;
