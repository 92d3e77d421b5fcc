import { and, desc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { AuditAction } from '#common/domain/audit-actions.ts';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, mfaChallenges, recoveryCodes, sessions, users, userTotp } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** SQL of the account's security: password, sessions, two-step verification (docs/decisions/038). */
/** Where a secret that cannot be opened is reported: the app's logger. */
type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/** A row of user_totp with its secret opened (it is stored sealed, decision 038). */
function opened<T extends { userId: string; secret: string }>(
  box: SecretBox,
  log: WarnLog,
  row: T | undefined,
): (T & { secret: string | null }) | null {
  if (!row) return null;
  try {
    return { ...row, secret: box.open(row.secret, row.userId) };
  } catch (err) {
    // Sealed with a key this app no longer has (or damaged): no code can match; recovery codes still
    // sign in. The log says so, with the account's id only, so the team can find a lost or changed key.
    log.warn(
      { userId: row.userId, err: { name: (err as Error).name, message: (err as Error).message } },
      'two-step secret cannot be opened: its codes are refused until it is set up again',
    );
    return { ...row, secret: null };
  }
}

export const securityRepositoryFactory = (db: Db, box: SecretBox, log: WarnLog) => ({
  async setPasswordHash(userId: string, passwordHash: string, tx: Tx = db) {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  },

  /** Ends every session of the user except the one whose hash is `keepHash`; returns how many ended. */
  async deleteOtherSessions(userId: string, keepHash: string, tx: Tx = db): Promise<number> {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepHash)))
      .returning({ id: sessions.publicId });
    return rows.length;
  },

  /** Ends one session of the user by its public id; false when the user has no such session. */
  async deleteSession(userId: string, publicId: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
      .returning({ id: sessions.publicId });
    return rows.length > 0;
  },

  /** The user's live sessions (not past their idle or absolute expiry), most recently used first. */
  async findLiveSessions(userId: string, idleCutoff: Date, tx: Tx = db) {
    return tx
      .select({
        id: sessions.publicId,
        idHash: sessions.idHash,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()), gt(sessions.lastSeenAt, idleCutoff)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  async insertAudit(entry: { actorId: string; action: AuditAction; targetId: string; details?: Record<string, unknown> }, tx: Tx = db) {
    await tx
      .insert(auditLog)
      .values({ actorId: entry.actorId, action: entry.action, targetType: 'user', targetId: entry.targetId, details: entry.details ?? {} });
  },

  // ---- Two-step verification ----

  async findTotp(userId: string, tx: Tx = db) {
    const rows = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
    return opened(box, log, rows[0]);
  },

  /** The enrolment's row locked, so two codes checked at once cannot both pass (replay). */
  async findTotpForUpdate(userId: string, tx: Tx) {
    const rows = await tx.select().from(userTotp).where(eq(userTotp.userId, userId)).for('update').limit(1);
    return opened(box, log, rows[0]);
  },

  /** Starts (or restarts) an enrolment that is not confirmed yet; never replaces an enabled one. */
  async upsertPendingTotp(userId: string, plainSecret: string, tx: Tx = db): Promise<boolean> {
    const secret = box.seal(plainSecret, userId);
    const rows = await tx
      .insert(userTotp)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secret, createdAt: new Date(), lastUsedStep: null },
        setWhere: isNull(userTotp.enabledAt),
      })
      .returning({ userId: userTotp.userId });
    return rows.length > 0;
  },

  /** Seals the secrets written before they were sealed (once, at start); returns how many. */
  async sealPlainSecrets(): Promise<number> {
    const plain = await db
      .select({ userId: userTotp.userId, secret: userTotp.secret })
      .from(userTotp)
      .where(sql`${userTotp.secret} not like 'v1:%'`);
    for (const row of plain) {
      await db
        .update(userTotp)
        .set({ secret: box.seal(row.secret, row.userId) })
        .where(and(eq(userTotp.userId, row.userId), eq(userTotp.secret, row.secret)));
    }
    return plain.length;
  },

  async enableTotp(userId: string, step: number, tx: Tx) {
    await tx.update(userTotp).set({ enabledAt: new Date(), lastUsedStep: step }).where(eq(userTotp.userId, userId));
  },

  async setLastUsedStep(userId: string, step: number, tx: Tx) {
    await tx.update(userTotp).set({ lastUsedStep: step }).where(eq(userTotp.userId, userId));
  },

  async deleteTotp(userId: string, tx: Tx = db) {
    await tx.delete(userTotp).where(eq(userTotp.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  },

  async replaceRecoveryCodes(userId: string, codeHashes: string[], tx: Tx) {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses the code once: true only for the one request that marks it used. */
  async useRecoveryCode(userId: string, codeHash: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async countUnusedRecoveryCodes(userId: string, tx: Tx = db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  /** Marks this session as having passed two-step verification (and as a fresh re-authentication). */
  async markSessionMfa(idHash: string, tx: Tx = db) {
    const now = new Date();
    await tx.update(sessions).set({ mfaAt: now, reauthAt: now }).where(eq(sessions.idHash, idHash));
  },

  async markSessionReauth(idHash: string, tx: Tx = db) {
    await tx.update(sessions).set({ reauthAt: new Date() }).where(eq(sessions.idHash, idHash));
  },

  /** After two-step verification is turned off, no session of the user counts as verified any more. */
  async clearSessionsMfa(userId: string, tx: Tx = db) {
    await tx
      .update(sessions)
      .set({ mfaAt: null })
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.mfaAt)));
  },

  // ---- Sign-in challenges (password right, second step pending) ----

  async insertChallenge(values: { idHash: string; userId: string; userAgent: string | null; expiresAt: Date }, tx: Tx = db) {
    await tx.insert(mfaChallenges).values(values);
  },

  async findChallenge(idHash: string, tx: Tx = db) {
    const rows = await tx.select().from(mfaChallenges).where(eq(mfaChallenges.idHash, idHash)).limit(1);
    return rows[0] ?? null;
  },

  async findChallengeForUpdate(idHash: string, tx: Tx) {
    const rows = await tx.select().from(mfaChallenges).where(eq(mfaChallenges.idHash, idHash)).for('update').limit(1);
    return rows[0] ?? null;
  },

  async countChallengeAttempt(idHash: string, tx: Tx = db) {
    await tx
      .update(mfaChallenges)
      .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
      .where(eq(mfaChallenges.idHash, idHash));
  },

  async deleteChallenge(idHash: string, tx: Tx = db) {
    await tx.delete(mfaChallenges).where(eq(mfaChallenges.idHash, idHash));
  },

  async deleteExpiredChallenges(tx: Tx = db) {
    await tx.delete(mfaChallenges).where(sql`${mfaChallenges.expiresAt} < now()`);
  },
});

export type SecurityRepository = ReturnType<typeof securityRepositoryFactory>;
