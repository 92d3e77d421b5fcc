import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Transaction, Tx } from '../../db/client.ts';
import { mailOutbox, pendingSignUps, setupTokens, signInFailures, users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

export async function findUserByOidcSubject(db: Db, subject: string) {
  const rows = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  return rows[0] ?? null;
}

/** Inserts a user; returns null when the email is already taken (case-insensitive). */
export async function insertUser(db: Tx, values: NewUser) {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function linkOidcSubject(db: Db, userId: string, subject: string) {
  await db.update(users).set({ oidcSubject: subject, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Makes `tokenHash` the one usable setup token, unless an unused token was created after
 * `keepNewerThan`: that one is kept and its creation time returned (another instance starting at the
 * same time printed it). The check and the replacement hold a lock, so two starts cannot both replace.
 */
export async function replaceSetupToken(db: Db, tokenHash: string, keepNewerThan: Date): Promise<Date | null> {
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
}

// Any constant; the same in every process replacing the setup token.
const SETUP_TOKEN_LOCK = 72_410_189;

export async function isSetupTokenUsable(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.select().from(setupTokens).where(and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt))).limit(1);
  return rows.length > 0;
}

/** Marks the token used; false when it was already used or never existed (so two racing requests cannot both succeed). */
export async function consumeSetupToken(db: Tx, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(setupTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(setupTokens.tokenHash, tokenHash), isNull(setupTokens.usedAt)))
    .returning();
  return rows.length > 0;
}

/** The failures of one email key, locked for this transaction (created empty when missing). */
export async function lockSignInFailures(tx: Transaction, emailKey: string) {
  await tx.insert(signInFailures).values({ emailKey, failures: 0 }).onConflictDoNothing();
  const rows = await tx.select().from(signInFailures).where(eq(signInFailures.emailKey, emailKey)).for('update');
  return rows[0]!;
}

export async function setSignInFailures(tx: Transaction, emailKey: string, failures: number, at: Date) {
  await tx.update(signInFailures).set({ failures, lastFailureAt: at }).where(eq(signInFailures.emailKey, emailKey));
}

export async function clearSignInFailures(db: Tx, emailKey: string) {
  await db.delete(signInFailures).where(eq(signInFailures.emailKey, emailKey));
}

/** Marks the owner told; false when they were told less than `since` ago (another instance won). */
export async function markSignInFailuresNotified(tx: Transaction, emailKey: string, since: Date): Promise<boolean> {
  const rows = await tx
    .update(signInFailures)
    .set({ notifiedAt: new Date() })
    .where(and(eq(signInFailures.emailKey, emailKey), or(isNull(signInFailures.notifiedAt), lt(signInFailures.notifiedAt, since))))
    .returning({ failures: signInFailures.failures });
  return rows.length > 0;
}

export async function pruneSignInFailures(db: Db, before: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailureAt, before));
}

export type NewPendingSignUp = typeof pendingSignUps.$inferInsert;

export async function insertPendingSignUp(tx: Tx, values: NewPendingSignUp) {
  await tx.insert(pendingSignUps).values(values);
}

/** The pending sign-up of a link, locked for this transaction. */
export async function lockPendingSignUp(tx: Transaction, tokenHash: string) {
  const rows = await tx.select().from(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).for('update');
  return rows[0] ?? null;
}

export async function findPendingSignUp(db: Tx, tokenHash: string) {
  const rows = await db.select().from(pendingSignUps).where(eq(pendingSignUps.tokenHash, tokenHash)).limit(1);
  return rows[0] ?? null;
}

/** Every sign-up waiting for this address: one account per address, the others' links stop working. */
export async function deletePendingSignUpsOf(tx: Tx, email: string) {
  await tx.delete(pendingSignUps).where(eq(pendingSignUps.email, email));
}

export async function prunePendingSignUps(db: Db, now: Date) {
  await db.delete(pendingSignUps).where(lt(pendingSignUps.expiresAt, now));
}

/** Whether a mail of this kind went to this address since `since` (the outbox keeps every mail). */
export async function wasMailedSince(tx: Tx, to: string, kind: string, since: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to), gt(mailOutbox.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}
