import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, consents, parentalConsents, users } from '../../db/schema/index.ts';

export type NewConsent = typeof consents.$inferInsert;

export async function insertConsent(db: Tx, values: NewConsent) {
  await db.insert(consents).values(values);
}

/** One request per account: a new parent's email replaces the earlier request, its link and its mail. */
export async function upsertParentalRequest(db: Tx, values: { userId: string; parentEmail: string; tokenHash: string; mailId: string }) {
  await db
    .insert(parentalConsents)
    .values(values)
    .onConflictDoUpdate({ target: parentalConsents.userId, set: { parentEmail: values.parentEmail, tokenHash: values.tokenHash, mailId: values.mailId, grantedAt: null, createdAt: new Date() } });
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
    .select({ parentEmail: parentalConsents.parentEmail, sentAt: parentalConsents.createdAt, grantedAt: parentalConsents.grantedAt, mailId: parentalConsents.mailId, consentStatus: users.consentStatus })
    .from(users)
    .innerJoin(parentalConsents, eq(parentalConsents.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const rows = await (forUpdate ? query.for('update') : query);
  return rows[0] ?? null;
}

/** The young person resent or redirected the parent's mail: by id only, never an address (decision 012). */
export async function auditParentRequest(db: Tx, userId: string, action: 'consent.parent_mail_resent' | 'consent.parent_email_changed') {
  await db.insert(auditLog).values({ actorId: userId, action, targetType: 'user', targetId: userId, details: {} });
}
