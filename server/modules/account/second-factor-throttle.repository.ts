import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';

import type { Db, Transaction, Tx } from '../../db/client.ts';
import { secondFactorFailures } from '../../db/schema/index.ts';

/** SQL of the second-factor counters (docs/decisions/064). */

export const secondFactorThrottleRepositoryFactory = (db: Db) => ({
  /** The rows of `keys` (made when missing), locked for the rest of `tx`, in the keys' order. */
  async lockFailures(userId: string, keys: string[], tx: Transaction) {
    const rows = [];
    for (const key of keys) {
      await tx.insert(secondFactorFailures).values({ key, userId, failures: 0 }).onConflictDoNothing();
      const [row] = await tx.select().from(secondFactorFailures).where(eq(secondFactorFailures.key, key)).for('update');
      rows.push(row!);
    }
    return rows;
  },

  async setFailures(key: string, failures: number, at: Date, tx: Transaction) {
    await tx.update(secondFactorFailures).set({ failures, lastFailureAt: at }).where(eq(secondFactorFailures.key, key));
  },

  async clearFailures(keys: string[], tx: Tx = db) {
    await tx.delete(secondFactorFailures).where(inArray(secondFactorFailures.key, keys));
  },

  /** Marks the owner told; false when they were told less than `since` ago (another request won). */
  async markNotified(key: string, since: Date, tx: Transaction): Promise<boolean> {
    const rows = await tx
      .update(secondFactorFailures)
      .set({ notifiedAt: new Date() })
      .where(
        and(eq(secondFactorFailures.key, key), or(isNull(secondFactorFailures.notifiedAt), lt(secondFactorFailures.notifiedAt, since))),
      )
      .returning({ key: secondFactorFailures.key });
    return rows.length > 0;
  },

  async pruneFailures(before: Date, tx: Tx = db) {
    await tx.delete(secondFactorFailures).where(lt(secondFactorFailures.lastFailureAt, before));
  },
});
export type SecondFactorThrottleRepository = ReturnType<typeof secondFactorThrottleRepositoryFactory>;
