import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';

import type { Db, Transaction, Tx } from '../../db/client.ts';
import { ambassadorApplications, auditLog, callbackRequests, mailOutbox, users, watchmomsApplications } from '../../db/schema/index.ts';

/** Deletes the declined applications of `table` decided at or before `cutoff`; returns how many. */
async function deleteDeclined(table: typeof watchmomsApplications | typeof ambassadorApplications, cutoff: Date, tx: Tx): Promise<number> {
  const rows = await tx
    .delete(table)
    .where(and(eq(table.status, 'declined'), lte(table.decidedAt, cutoff)))
    .returning({ id: table.id });
  return rows.length;
}

/** The SQL of the daily retention job (docs/decisions/012). Each cut-off is a time: rows older than it are due. */
export const retentionRepositoryFactory = (db: Db) => ({
  /**
   * Closed callback requests closed at or before `cutoff` lose everything that says who asked: name,
   * phone, the good time to call, the team's notes and the link to an account. Category, band,
   * status and dates stay, so the inbox's counts do not change. Returns how many were cleared.
   */
  async clearClosedCallbacks(cutoff: Date, tx: Tx = db): Promise<number> {
    const rows = await tx
      .update(callbackRequests)
      .set({ name: null, phone: null, goodTime: '', notes: '', userId: null, updatedAt: new Date() })
      .where(
        and(
          eq(callbackRequests.status, 'closed'),
          lte(callbackRequests.closedAt, cutoff),
          or(
            sql`${callbackRequests.name} is not null`,
            sql`${callbackRequests.phone} is not null`,
            sql`${callbackRequests.goodTime} <> ''`,
            sql`${callbackRequests.notes} <> ''`,
            sql`${callbackRequests.userId} is not null`,
          ),
        ),
      )
      .returning({ id: callbackRequests.id });
    return rows.length;
  },

  /** Declined WatchMoms applications decided at or before `cutoff` are deleted (every field of one is personal). */
  deleteDeclinedWatchmoms: (cutoff: Date, tx: Tx = db) => deleteDeclined(watchmomsApplications, cutoff, tx),

  /** Declined ambassador applications decided at or before `cutoff` are deleted (the applicant's account stays). */
  deleteDeclinedAmbassadorApplications: (cutoff: Date, tx: Tx = db) => deleteDeclined(ambassadorApplications, cutoff, tx),

  /** Mails written at or before `cutoff` that went out, failed or were cancelled are deleted; waiting ones stay until sent. */
  async deleteOldMails(cutoff: Date, tx: Tx = db): Promise<number> {
    const rows = await tx
      .delete(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['sent', 'failed', 'cancelled']), lte(mailOutbox.createdAt, cutoff)))
      .returning({ id: mailOutbox.id });
    return rows.length;
  },

  /** Audit log entries written at or before `cutoff` are deleted. */
  async deleteOldAuditEntries(cutoff: Date, tx: Tx = db): Promise<number> {
    const rows = await tx.delete(auditLog).where(lte(auditLog.createdAt, cutoff)).returning({ id: auditLog.id });
    return rows.length;
  },

  /** The audit entry of a run that removed something: counts only, never what was removed. */
  async insertRunAudit(result: Record<string, number>, tx: Tx = db): Promise<void> {
    await tx
      .insert(auditLog)
      .values({ actorId: null, action: 'retention.applied', targetType: 'retention', targetId: null, details: { ...result } });
  },

  /**
   * One account created at or before `cutoff` that still waits for a parent's consent, locked for its
   * erasure (skipped if another instance holds it), or null when none is left.
   */
  async lockNextPendingParentAccount(cutoff: Date, tx: Transaction) {
    const [row] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.consentStatus, 'pending_parent'), lte(users.createdAt, cutoff)))
      .orderBy(users.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    return row ?? null;
  },
});
export type RetentionRepository = ReturnType<typeof retentionRepositoryFactory>;
