import { and, eq, isNull, sql } from 'drizzle-orm';

import type { AuditAction } from '#common/domain/audit-actions.ts';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, sessions, users, userTokens } from '../../db/schema/index.ts';

export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export const accountRepositoryFactory = (db: Db) => ({
  async findUserByEmail(email: string, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return rows[0] ?? null;
  },

  async insertToken(values: typeof userTokens.$inferInsert, tx: Tx = db) {
    await tx.insert(userTokens).values(values);
  },

  /** The token row, locked against a concurrent use of the same link. */
  async findTokenForUpdate(tokenHash: string, purpose: TokenPurpose, tx: Tx = db) {
    const rows = await tx
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
      .for('update')
      .limit(1);
    return rows[0] ?? null;
  },

  /** Marks every unused token of this purpose of the user used (the one just used, and older links). */
  async useTokens(userId: string, purpose: TokenPurpose, tx: Tx = db) {
    await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  },

  async setPasswordHash(userId: string, passwordHash: string, tx: Tx = db) {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async deleteSessionsOf(userId: string, tx: Tx = db) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  },

  /** Verified only when the address is still the one the link was sent to. */
  async markEmailVerified(userId: string, email: string, tx: Tx = db) {
    const rows = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async setLocale(userId: string, locale: string, tx: Tx = db) {
    await tx.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  async findUser(userId: string, tx: Tx = db) {
    const rows = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return rows[0] ?? null;
  },

  async insertAudit(
    entry: { actorId: string | null; action: AuditAction; targetType: string; targetId: string; details?: Record<string, unknown> },
    tx: Tx = db,
  ) {
    await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
  },
});
export type AccountRepository = ReturnType<typeof accountRepositoryFactory>;
