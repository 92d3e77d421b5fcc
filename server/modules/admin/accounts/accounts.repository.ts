import { eq } from 'drizzle-orm';

import type { Db, Transaction } from '#server/db/client.ts';
import { mfaChallenges, sessions, users } from '#server/db/schema/index.ts';

export const accountsRepositoryFactory = (_db: Db) => ({
  async lockUser(id: string, tx: Transaction) {
    const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return rows[0] ?? null;
  },

  async setDeactivatedAt(id: string, deactivatedAt: Date | null, tx: Transaction) {
    await tx.update(users).set({ deactivatedAt, updatedAt: new Date() }).where(eq(users.id, id));
  },

  /** Ends every session of the account, and any sign-in waiting for its second step. */
  async endSessions(userId: string, tx: Transaction) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  },
});
export type AccountsRepository = ReturnType<typeof accountsRepositoryFactory>;
