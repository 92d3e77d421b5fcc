import { and, desc, eq, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, mailOutbox } from '../../db/schema/index.ts';
import { withoutSecrets } from './secret-links.ts';

export type { Tx };
export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

export type Claim =
  | { kind: 'claimed'; mail: OutboxRow }
  /** Another attempt holds the mail (its lease runs): this one sends nothing and is retried later. */
  | { kind: 'busy' }
  /** An attempt that stopped (killed, or cut off) had handed the whole message over: it may have gone out. */
  | { kind: 'handed-over'; mail: OutboxRow }
  /** Sent, failed, cancelled or gone: nothing to do. */
  | { kind: 'done' };

export const mailRepositoryFactory = (db: Db) => ({
  /** Only the id comes back: the request that writes a mail does not need its text and HTML again. */
  async insertOutbox(row: NewOutboxRow, tx: Tx = db): Promise<{ id: string }> {
    const [inserted] = await tx.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
    return inserted!;
  },

  /**
   * Marks a mail as being sent by this attempt until `leaseMs` from now, and returns it (docs/decisions/067).
   * A mail `sending` under another attempt's lease is left alone; one whose attempt stopped after
   * handing the whole message over is not sent again; one whose attempt stopped before that (kill -9
   * during the exchange) is taken again: the server cannot have taken it.
   */
  async claimForSending(id: string, leaseMs: number): Promise<Claim> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ mail: mailOutbox, isLeased: sql<boolean>`coalesce(${mailOutbox.leaseUntil} > now(), false)` })
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id))
        .for('update');
      if (!row || (row.mail.status !== 'pending' && row.mail.status !== 'sending')) return { kind: 'done' };
      if (row.mail.status === 'sending' && row.isLeased) return { kind: 'busy' };
      if (row.mail.status === 'sending' && row.mail.handedOverAt) return { kind: 'handed-over', mail: row.mail };
      const [mail] = await tx
        .update(mailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${mailOutbox.attempts} + 1`,
          firstAttemptAt: sql`coalesce(${mailOutbox.firstAttemptAt}, now())`,
          leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
          handedOverAt: null,
        })
        .where(eq(mailOutbox.id, id))
        .returning();
      return { kind: 'claimed', mail: mail! };
    });
  },

  /** The whole message is with the SMTP server, its last line not yet: from now on it may have been taken. */
  async markHandedOver(id: string, tx: Tx = db) {
    await tx
      .update(mailOutbox)
      .set({ handedOverAt: sql`now()` })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
  },

  /**
   * A mail whose attempt stopped after handing it over is counted as sent, not sent again (the server
   * most likely took it; a second copy is what issue 24 measured), with a note for the admin outbox.
   */
  async markSentUnconfirmed(mail: Pick<OutboxRow, 'id' | 'text' | 'html' | 'headers' | 'handedOverAt'>, note: string, tx: Tx = db) {
    await tx
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: mail.handedOverAt ?? new Date(), lastError: note, leaseUntil: null, ...withoutSecrets(mail) })
      .where(eq(mailOutbox.id, mail.id));
  },

  /**
   * A waiting mail marked `cancelled` (claimForSending never claims it) and stripped of its secret
   * links, as it will never be sent; true when it was waiting.
   */
  async cancelWaiting(id: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: 'cancelled' })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
      .returning({ text: mailOutbox.text, html: mailOutbox.html, headers: mailOutbox.headers });
    if (!rows[0]) return false;
    await tx.update(mailOutbox).set(withoutSecrets(rows[0])).where(eq(mailOutbox.id, id));
    return true;
  },

  /** The SMTP server took the mail: the row keeps its text without the secret links (decision 063). */
  async markSent(mail: Pick<OutboxRow, 'id' | 'text' | 'html' | 'headers'>, tx: Tx = db) {
    await tx
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null, leaseUntil: null, ...withoutSecrets(mail) })
      .where(eq(mailOutbox.id, mail.id));
  },

  /** A failed attempt; a final one (the mail is given up) also loses its secret links. */
  async markAttemptFailed(mail: Pick<OutboxRow, 'id' | 'text' | 'html' | 'headers'>, reason: string, isFinal: boolean, tx: Tx = db) {
    await tx
      .update(mailOutbox)
      // The server answered: it did not take the mail, so a retry sends it whole again.
      .set({
        status: isFinal ? 'failed' : 'pending',
        lastError: reason,
        leaseUntil: null,
        handedOverAt: null,
        ...(isFinal ? withoutSecrets(mail) : {}),
      })
      .where(eq(mailOutbox.id, mail.id));
  },

  async findOutboxPage(status: OutboxRow['status'] | 'all', offset: number, limit: number, tx: Tx = db) {
    const where = status === 'all' ? undefined : eq(mailOutbox.status, status);
    const [rows, [count]] = await Promise.all([
      tx.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  /** An admin read the outbox (addresses and texts of mails): audited like the console's other lists of personal data. */
  async auditOutboxRead(actorId: string, page: number, status: string | undefined, tx: Tx = db) {
    await tx.insert(auditLog).values({
      actorId,
      action: 'admin.read',
      targetType: 'mail-outbox',
      targetId: null,
      details: { page, isSearch: false, filters: status ? { status } : {} },
    });
  },
});
export type MailRepository = ReturnType<typeof mailRepositoryFactory>;
