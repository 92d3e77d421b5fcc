import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, mailOutbox } from '../../db/schema/index.ts';

export type { Tx };
export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

/** Only the id comes back: the request that writes a mail does not need its text and HTML again. */
export async function insertOutbox(tx: Tx, row: NewOutboxRow): Promise<{ id: string }> {
  const [inserted] = await tx.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  return inserted!;
}

/**
 * Marks a mail as being sent and returns it; null when it is already sent or failed (a repeated
 * job does nothing). A row left in 'sending' by a killed process is taken again: at-least-once.
 */
export async function claimForSending(db: Tx, id: string): Promise<OutboxRow | null> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, firstAttemptAt: sql`coalesce(${mailOutbox.firstAttemptAt}, now())` })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'sending'])))
    .returning();
  return rows[0] ?? null;
}

/** A waiting mail marked `cancelled` (claimForSending never claims it); true when it was waiting. */
export async function cancelWaiting(db: Tx, id: string): Promise<boolean> {
  const rows = await db.update(mailOutbox).set({ status: 'cancelled' }).where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'))).returning({ id: mailOutbox.id });
  return rows.length > 0;
}

export async function markSent(db: Tx, id: string) {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markAttemptFailed(db: Tx, id: string, reason: string, isFinal: boolean) {
  await db.update(mailOutbox).set({ status: isFinal ? 'failed' : 'pending', lastError: reason }).where(eq(mailOutbox.id, id));
}

export async function findOutboxPage(db: Tx, status: OutboxRow['status'] | 'all', offset: number, limit: number) {
  const where = status === 'all' ? undefined : eq(mailOutbox.status, status);
  const [rows, [count]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** An admin read the outbox (addresses and texts of mails): audited like the console's other lists of personal data. */
export async function auditOutboxRead(db: Tx, actorId: string, page: number, status: string | undefined) {
  await db.insert(auditLog).values({ actorId, action: 'admin.read', targetType: 'mail-outbox', targetId: null, details: { page, isSearch: false, filters: status ? { status } : {} } });
}
