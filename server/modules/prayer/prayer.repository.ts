import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { prayerReminderSends, prayerSettings, users } from '../../db/schema/index.ts';

export type PrayerSettingsRow = typeof prayerSettings.$inferSelect;
export type NewPrayerSettings = Omit<typeof prayerSettings.$inferInsert, 'userId' | 'createdAt' | 'updatedAt' | 'calendarTokenHash' | 'calendarCreatedAt'>;

export async function findSettings(db: Db | Tx, userId: string): Promise<PrayerSettingsRow | undefined> {
  const [row] = await db.select().from(prayerSettings).where(eq(prayerSettings.userId, userId));
  return row;
}

/** Writes the person's reminders (creating the row on first save), keeping their calendar link. */
export async function saveSettings(db: Db | Tx, userId: string, values: NewPrayerSettings): Promise<void> {
  await db
    .insert(prayerSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: prayerSettings.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** Sets a new calendar secret's hash (the older link stops working), creating the row with `defaults` when there is none. */
export async function setCalendarHash(db: Db | Tx, userId: string, tokenHash: string, defaults: NewPrayerSettings): Promise<Date> {
  const [row] = await db
    .insert(prayerSettings)
    .values({ userId, ...defaults, calendarTokenHash: tokenHash, calendarCreatedAt: sql`now()` })
    .onConflictDoUpdate({ target: prayerSettings.userId, set: { calendarTokenHash: tokenHash, calendarCreatedAt: sql`now()`, updatedAt: sql`now()` } })
    .returning({ createdAt: prayerSettings.calendarCreatedAt });
  return row!.createdAt!;
}

export async function clearCalendarHash(db: Db | Tx, userId: string): Promise<void> {
  await db.update(prayerSettings).set({ calendarTokenHash: null, calendarCreatedAt: null, updatedAt: sql`now()` }).where(eq(prayerSettings.userId, userId));
}

/** The settings and the person behind a calendar secret, when the link is live and the account active. */
export async function findByCalendarHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ settings: prayerSettings, userId: users.id, locale: users.locale })
    .from(prayerSettings)
    .innerJoin(users, eq(users.id, prayerSettings.userId))
    .where(and(eq(prayerSettings.calendarTokenHash, tokenHash), isNull(users.deactivatedAt)));
  return row;
}

/** Everyone with a reminder on whose account is active and not waiting for a parent. */
export async function findReminding(db: Db) {
  return db
    .select({ settings: prayerSettings, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(prayerSettings)
    .innerJoin(users, eq(users.id, prayerSettings.userId))
    .where(
      and(
        or(prayerSettings.remindMorning, prayerSettings.remindMidday, prayerSettings.remindEvening, prayerSettings.remindNights),
        isNull(users.deactivatedAt),
        eq(users.consentStatus, 'granted'),
      ),
    );
}

/** Records that a reminder goes out; false when it already went (another run, another instance). */
export async function claimSend(tx: Tx, userId: string, occurrence: string): Promise<boolean> {
  const rows = await tx.insert(prayerReminderSends).values({ userId, occurrence }).onConflictDoNothing().returning({ userId: prayerReminderSends.userId });
  return rows.length > 0;
}

/** The record of sent reminders is needed for a day or two; rows written more than 3 days ago (by the database's clock) go. */
export async function pruneSends(db: Db): Promise<void> {
  await db.delete(prayerReminderSends).where(lt(prayerReminderSends.createdAt, sql`now() - interval '3 days'`));
}

/** The one-click unsubscribe: every prayer reminder off. False when the account no longer exists. */
export async function turnOffReminders(db: Db | Tx, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await db
    .update(prayerSettings)
    .set({ remindMorning: false, remindMidday: false, remindEvening: false, remindNights: false, updatedAt: sql`now()` })
    .where(eq(prayerSettings.userId, userId));
  return true;
}
