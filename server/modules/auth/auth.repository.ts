import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Db, Transaction, Tx } from '../../db/client.ts';
import { mailOutbox, pendingSignUps, setupTokens, signInFailures, users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;
export type NewPendingSignUp = typeof pendingSignUps.$inferInsert;

// Any constant; the same in every process replacing the setup token.
const SETUP_TOKEN_LOCK = 72_410_189;

export const authRepositoryFactory = (db: Db) => ({
  async findUserByOidcSubject(subject: string, tx: Tx = db) {
    const rows = await tx.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
    return rows[0] ?? null;
  },

  /** Inserts a user; returns null when the email is already taken (case-insensitive). */
  async insertUser(values: NewUser, tx: Tx = db) {
    const rows = await tx.insert(users).values(values).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },

  async linkOidcSubject(userId: string, subject: string, tx: Tx = db) {
    await tx.update(users).set({ oidcSubject: subject, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  /**
   * Makes `tokenHash` the one usable setup token, unless an unused token was created after
   * `keepNewerThan`: that one is kept and its creation time returned (another instance starting at the
   * same time printed it). The check and the replacement hold a lock, so two starts cannot both replace.
   */
  async replaceSetupToken(tokenHash: string, keepNewerThan: Date): Promise<Date | null> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_TOKEN_LOCK})`);
      const [recent] = await tx
        .select({ createdAt: setupTokens.createdAt })
        .from(setupTokens)
        .where(and(isNull(setupTokens.usedAt), gt(setupTokens.createdAt, keepNewerThan)))
        .limit(1);
      if (recent) return recent.createdAt;
      await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
      await tx.insert(setupTokens).values({ tokenHash });
      return null;
    });
  },

  async isSetupTokenUsable(tokenHash: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .select()
      .from(setupTokens)
      .where(and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt)))
      .limit(1);
    return rows.length > 0;
  },

  /** Marks the token used; false when it was already used or never existed (so two racing requests cannot both succeed). */
  async consumeSetupToken(tokenHash: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(setupTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt)))
      .returning();
    return rows.length > 0;
  },

  /** The failures of one email key, locked for this transaction (created empty when missing). */
  async lockSignInFailures(emailKey: string, tx: Transaction) {
    await tx.insert(signInFailures).values({ emailKey, failures: 0 }).onConflictDoNothing();
    const rows = await tx.select().from(signInFailures).where(eq(signInFailures.emailKey, emailKey)).for('update');
    return rows[0]!;
  },

  async setSignInFailures(emailKey: string, failures: number, at: Date, tx: Transaction) {
    await tx.update(signInFailures).set({ failures, lastFailureAt: at }).where(eq(signInFailures.emailKey, emailKey));
  },

  async clearSignInFailures(emailKey: string, tx: Tx = db) {
    await tx.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
  },

  /** Marks the owner told; false when they were told less than `since` ago (another instance won). */
  async markSignInFailuresNotified(emailKey: string, since: Date, tx: Transaction): Promise<boolean> {
    const rows = await tx
      .update(signInFailures)
      .set({ notifiedAt: new Date() })
      .where(and(eq(signInFailures.emailKey, emailKey), or(isNull(signInFailures.notifiedAt), lt(signInFailures.notifiedAt, since))))
      .returning({ failures: signInFailures.failures });
    return rows.length > 0;
  },

  async pruneSignInFailures(before: Date, tx: Tx = db) {
    await tx.delete(signInFailures).where(lt(signInFailures.lastFailureAt, before));
  },

  async insertPendingSignUp(values: NewPendingSignUp, tx: Tx = db) {
    await tx.insert(pendingSignUps).values(values);
  },

  /** The pending sign-up of a link, locked for this transaction. */
  async lockPendingSignUp(tokenHash: string, tx: Transaction) {
    const rows = await tx.select().from(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).for('update');
    return rows[0] ?? null;
  },

  async findPendingSignUp(tokenHash: string, tx: Tx = db) {
    const rows = await tx.select().from(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).limit(1);
    return rows[0] ?? null;
  },

  /** Every sign-up waiting for this address: one account per address, the others' links stop working. */
  async deletePendingSignUpsOf(email: string, tx: Tx = db) {
    await tx.delete(pendingSignUps).where(eq(pendingSignUps.email, email));
  },

  async prunePendingSignUps(now: Date, tx: Tx = db) {
    await tx.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
  },

  /** Whether a mail of this kind went to this address since `since` (the outbox keeps every mail). */
  async wasMailedSince(to: string, kind: string, since: Date, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to), gt(mailOutbox.createdAt, since)))
      .limit(1);
    return rows.length > 0;
  },
});
export type AuthRepository = ReturnType<typeof authRepositoryFactory>;
