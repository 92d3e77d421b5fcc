import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, sessions, users, userTokens } from '../../db/schema/index.ts';
import type { Tx } from '../mail/mail.repository.ts';
import type { AuditAction } from '../../../common/domain/audit-actions.ts';

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Tx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function insertToken(tx: Tx, values: typeof userTokens.$inferInsert) {
  await tx.insert(userTokens).values(values);
}

/** The token row, locked against a concurrent use of the same link. */
export async function findTokenForUpdate(tx: Tx, tokenHash: string, purpose: TokenPurpose) {
  const rows = await tx
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

/** Marks every unused token of this purpose of the user used (the one just used, and older links). */
export async function useTokens(tx: Tx, userId: string, purpose: TokenPurpose) {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteSessionsOf(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Verified only when the address is still the one the link was sent to. */
export async function markEmailVerified(tx: Tx, userId: string, email: string) {
  const rows = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setLocale(db: Tx, userId: string, locale: string) {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUser(db: Tx, userId: string) {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0] ?? null;
}

export async function insertAudit(tx: Tx, entry: { actorId: string | null; action: AuditAction; targetType: string; targetId: string; details?: Record<string, unknown> }) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
