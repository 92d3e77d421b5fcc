import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { setupTokens, users } from '../../db/schema/index.ts';

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
