import { and, eq, sql } from 'drizzle-orm';

import type { MailStatus } from '#common/contracts/mail.ts';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, consentChildDevices, consents, mailOutbox, parentalConsents, users } from '../../db/schema/index.ts';

export type NewConsent = typeof consents.$inferInsert;

export const consentRepositoryFactory = (db: Db) => ({
  async insertConsent(values: NewConsent, tx: Tx = db) {
    await tx.insert(consents).values(values);
  },

  /**
   * One request per account: a new parent's email replaces the earlier request, its link and its mail.
   * `isNewAddress`: the young person gave this address now (the wait before another one starts again,
   * decision 065); `changeNoticeAt`: this mail tells the address that another one was asked for.
   */
  async upsertParentalRequest(
    values: { userId: string; parentEmail: string; tokenHash: string; mailId: string },
    { isNewAddress, changeNoticeAt }: { isNewAddress: boolean; changeNoticeAt?: Date },
    tx: Tx = db,
  ) {
    const now = new Date();
    await tx
      .insert(parentalConsents)
      .values(values)
      .onConflictDoUpdate({
        target: parentalConsents.userId,
        set: {
          parentEmail: values.parentEmail,
          tokenHash: values.tokenHash,
          mailId: values.mailId,
          grantedAt: null,
          createdAt: now,
          ...(isNewAddress ? { emailSetAt: now, changeNoticeAt: null } : {}),
          ...(changeNoticeAt ? { changeNoticeAt } : {}),
        },
      });
  },

  /** The request behind a parent's link, with the young person's account, locked for the decision. */
  async findParentalRequest(tokenHash: string, { forUpdate = false } = {}, tx: Tx = db) {
    const query = tx
      .select({ request: parentalConsents, user: users })
      .from(parentalConsents)
      .innerJoin(users, eq(users.id, parentalConsents.userId))
      .where(eq(parentalConsents.tokenHash, tokenHash))
      .limit(1);
    const rows = await (forUpdate ? query.for('update') : query);
    return rows[0] ?? null;
  },

  /** Whether the parent's recorded agreement was one half of a joint consent (France under 15). */
  async isJointGrant(userId: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .select({ rule: consents.rule })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.kind, 'parental')))
      .limit(1);
    return rows[0]?.rule === 'joint';
  },

  async markParentalGranted(userId: string, tx: Tx = db) {
    await tx.update(parentalConsents).set({ grantedAt: new Date() }).where(eq(parentalConsents.userId, userId));
  },

  async updateUserConsent(
    userId: string,
    values: Partial<
      Pick<typeof users.$inferInsert, 'birthYear' | 'birthMonth' | 'residenceCountry' | 'consentStatus' | 'privacyNoticeVersion'>
    >,
    tx: Tx = db,
  ) {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row!;
  },

  /** A young person's own request to a parent and the account's consent status, locked when it is about to change. */
  async findRequestOfUser(userId: string, { forUpdate = false } = {}, tx: Tx = db) {
    const query = tx
      .select({
        parentEmail: parentalConsents.parentEmail,
        sentAt: parentalConsents.createdAt,
        grantedAt: parentalConsents.grantedAt,
        mailId: parentalConsents.mailId,
        consentStatus: users.consentStatus,
        emailSetAt: parentalConsents.emailSetAt,
        changeNoticeAt: parentalConsents.changeNoticeAt,
        // The latest mail's fate: "failed" when the mail server refused the address for good.
        mailStatus: sql<MailStatus | null>`(select ${mailOutbox.status} from ${mailOutbox} where ${mailOutbox.id} = ${parentalConsents.mailId})`,
      })
      .from(users)
      .innerJoin(parentalConsents, eq(parentalConsents.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    const rows = await (forUpdate ? query.for('update') : query);
    return rows[0] ?? null;
  },

  /** The young person resent or redirected the parent's mail: by id only, never an address (decision 012). */
  async auditParentRequest(
    userId: string,
    action: 'consent.parent_mail_resent' | 'consent.parent_email_changed' | 'consent.parent_email_change_held',
    tx: Tx = db,
  ) {
    await tx.insert(auditLog).values({ actorId: userId, action, targetType: 'user', targetId: userId, details: {} });
  },

  /** A browser the young person waiting for a parent used (its device cookie's hash, decision 065). */
  async insertChildDevice(userId: string, deviceHash: string, tx: Tx = db) {
    await tx.insert(consentChildDevices).values({ userId, deviceHash }).onConflictDoNothing();
  },

  /** Whether the young person `userId` signed in from the browser whose device cookie hashes to `deviceHash`. */
  async isChildDevice(userId: string, deviceHash: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .select({ userId: consentChildDevices.userId })
      .from(consentChildDevices)
      .where(and(eq(consentChildDevices.userId, userId), eq(consentChildDevices.deviceHash, deviceHash)))
      .limit(1);
    return rows.length > 0;
  },
});
export type ConsentRepository = ReturnType<typeof consentRepositoryFactory>;
