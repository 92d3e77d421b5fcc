import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db, Transaction, Tx } from '../../db/client.ts';
import { secondFactorFailures } from '../../db/schema/index.ts';

/** SQL of the second-factor counters (docs/decisions/064). */

/** The rows of `keys` (made when missing), locked for the rest of `tx`, in the keys' order. */
export async function lockFailures(tx: Transaction, userId: string, keys: string[]) {
  const rows = [];
  for (const key of keys) {
    await tx.insert(secondFactorFailures).values({ key, userId, failures: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(secondFactorFailures).where(eq(secondFactorFailures.key, key)).for('update');
    rows.push(row!);
  }
  return rows;
}

export async function setFailures(tx: Transaction, key: string, failures: number, at: Date) {
  await tx.update(secondFactorFailures).set({ failures, lastFailureAt: at }).where(eq(secondFactorFailures.key, key));
}

export async function clearFailures(db: Tx, keys: string[]) {
  await db.delete(secondFactorFailures).where(inArray(secondFactorFailures.key, keys));
}

/** Marks the owner told; false when they were told less than `since` ago (another request won). */
export async function markNotified(tx: Transaction, key: string, since: Date): Promise<boolean> {
  const rows = await tx
    .update(secondFactorFailures)
    .set({ notifiedAt: new Date() })
    .where(and(eq(secondFactorFailures.key, key), or(isNull(secondFactorFailures.notifiedAt), lt(secondFactorFailures.notifiedAt, since))))
    .returning({ key: secondFactorFailures.key });
  return rows.length > 0;
}

export async function pruneFailures(db: Db, before: Date) {
  await db.delete(secondFactorFailures).where(lt(secondFactorFailures.lastFailureAt, before));
}
