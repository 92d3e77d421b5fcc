import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { callbackRequests, watchmomsApplications } from '../../db/schema/index.ts';

export type NewWatchmomsApplication = typeof watchmomsApplications.$inferInsert;
export type WatchmomsApplicationRow = typeof watchmomsApplications.$inferSelect;

/** Inserts an application; returns null when its idempotency key was already used. */
export async function insertWatchmomsApplication(db: Db, values: NewWatchmomsApplication): Promise<WatchmomsApplicationRow | null> {
  const rows = await db.insert(watchmomsApplications).values(values).onConflictDoNothing({ target: watchmomsApplications.idempotencyKey }).returning();
  return rows[0] ?? null;
}

export async function findWatchmomsApplicationByKey(db: Db, key: string): Promise<WatchmomsApplicationRow | null> {
  const rows = await db.select().from(watchmomsApplications).where(eq(watchmomsApplications.idempotencyKey, key)).limit(1);
  return rows[0] ?? null;
}

export async function insertCallbackRequest(db: Db, values: typeof callbackRequests.$inferInsert) {
  const [row] = await db.insert(callbackRequests).values(values).returning({ id: callbackRequests.id });
  return row!;
}
