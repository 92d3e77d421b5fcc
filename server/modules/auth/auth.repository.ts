import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Transaction, Tx } from '../../db/client.ts';
import { setupTokens, signInFailures, users } from '../../db/schema/index.ts';

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

export async function replaceSetupToken(db: Db, tokenHash: string) {
  await db.transaction(async (tx) => {
    await tx.delete(setupTokens).where(isNull(setupTokens.usedAt));
    await tx.insert(setupTokens).values({ tokenHash });
  });
}

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
