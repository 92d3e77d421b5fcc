import { and, eq, sql } from 'drizzle-orm';
import type { MailStatus } from '../../../common/contracts/mail.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog, consentChildDevices, consents, mailOutbox, parentalConsents, users } from '../../db/schema/index.ts';

export type NewConsent = typeof consents.$inferInsert;

export async function insertConsent(db: Tx, values: NewConsent) {
  await db.insert(consents).values(values);
}

/**
 * One request per account: a new parent's email replaces the earlier request, its link and its mail.
 * `isNewAddress`: the young person gave this address now (the wait before another one starts again,
 * decision 065); `changeNoticeAt`: this mail tells the address that another one was asked for.
 */
export async function upsertParentalRequest(
  db: Tx,
  values: { userId: string; parentEmail: string; tokenHash: string; mailId: string },
  { isNewAddress, changeNoticeAt }: { isNewAddress: boolean; changeNoticeAt?: Date },
) {
  const now = new Date();
  await db
    .insert(parentalConsents)
    .values(values)
    .onConflictDoUpdate({
      target: parentalConsents.userId,
      set: {
        parentEmail: values.parentEmail, tokenHash: values.tokenHash, mailId: values.mailId, grantedAt: null, createdAt: now,
        ...(isNewAddress ? { emailSetAt: now, changeNoticeAt: null } : {}),
        ...(changeNoticeAt ? { changeNoticeAt } : {}),
      },
    });
}

/** The request behind a parent's link, with the young person's account, locked for the decision. */
export async function findParentalRequest(db: Tx, tokenHash: string, { forUpdate = false } = {}) {
  const query = db
    .select({ request: parentalConsents, user: users })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.userId))
    .where(eq(parentalConsents.tokenHash, tokenHash))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0] ?? null;
}

/** Whether the parent's recorded agreement was one half of a joint consent (France under 15). */
export async function isJointGrant(db: Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ rule: consents.rule }).from(consents).where(and(eq(consents.userId, userId), eq(consents.kind, 'parental'))).limit(1);
  return rows[0]?.rule === 'joint';
}

export async function markParentalGranted(db: Tx, userId: string) {
  await db.update(parentalConsents).set({ grantedAt: new Date() }).where(eq(parentalConsents.userId, userId));
}

export async function updateUserConsent(db: Tx, userId: string, values: Partial<Pick<typeof users.$inferInsert, 'birthYear' | 'birthMonth' | 'residenceCountry' | 'consentStatus' | 'privacyNoticeVersion'>>) {
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  return row!;
}

/** A young person's own request to a parent and the account's consent status, locked when it is about to change. */
export async function findRequestOfUser(db: Tx, userId: string, { forUpdate = false } = {}) {
  const query = db
    .select({
      parentEmail: parentalConsents.parentEmail, sentAt: parentalConsents.createdAt, grantedAt: parentalConsents.grantedAt, mailId: parentalConsents.mailId, consentStatus: users.consentStatus,
      emailSetAt: parentalConsents.emailSetAt, changeNoticeAt: parentalConsents.changeNoticeAt,
      // The latest mail's fate: "failed" when the mail server refused the address for good.
      mailStatus: sql<MailStatus | null>`(select ${mailOutbox.status} from ${mailOutbox} where ${mailOutbox.id} = ${parentalConsents.mailId})`,
    })
    .from(users)
    .innerJoin(parentalConsents, eq(parentalConsents.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0] ?? null;
}

/** The young person resent or redirected the parent's mail: by id only, never an address (decision 012). */
export async function auditParentRequest(db: Tx, userId: string, action: 'consent.parent_mail_resent' | 'consent.parent_email_changed' | 'consent.parent_email_change_held') {
  await db.insert(auditLog).values({ actorId: userId, action, targetType: 'user', targetId: userId, details: {} });
}

/** A browser the young person waiting for a parent used (its device cookie's hash, decision 065). */
export async function insertChildDevice(db: Tx, userId: string, deviceHash: string) {
  await db.insert(consentChildDevices).values({ userId, deviceHash }).onConflictDoNothing();
}

/** Whether the young person `userId` signed in from the browser whose device cookie hashes to `deviceHash`. */
export async function isChildDevice(db: Tx, userId: string, deviceHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: consentChildDevices.userId })
    .from(consentChildDevices)
    .where(and(eq(consentChildDevices.userId, userId), eq(consentChildDevices.deviceHash, deviceHash)))
    .limit(1);
  return rows.length > 0;
}
