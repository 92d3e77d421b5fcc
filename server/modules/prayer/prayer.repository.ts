import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.ts';
import { prayerReminderSends, prayerSettings, users } from '../../db/schema/index.ts';

export type PrayerSettingsRow = typeof prayerSettings.$inferSelect;
export type NewPrayerSettings = Omit<
  typeof prayerSettings.$inferInsert,
  'userId' | 'createdAt' | 'updatedAt' | 'calendarTokenHash' | 'calendarCreatedAt'
>;

export const prayerRepositoryFactory = (db: Db) => ({
  async findSettings(userId: string, tx: Tx = db): Promise<PrayerSettingsRow | undefined> {
    const [row] = await tx.select().from(prayerSettings).where(eq(prayerSettings.userId, userId));
    return row;
  },

  /** Writes the person's reminders (creating the row on first save), keeping their calendar link. */
  async saveSettings(userId: string, values: NewPrayerSettings, tx: Tx = db): Promise<void> {
    await tx
      .insert(prayerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: prayerSettings.userId, set: { ...values, updatedAt: sql`now()` } });
  },

  /** Sets a new calendar secret's hash (the older link stops working), creating the row with `defaults` when there is none. */
  async setCalendarHash(userId: string, tokenHash: string, defaults: NewPrayerSettings, tx: Tx = db): Promise<Date> {
    const [row] = await tx
      .insert(prayerSettings)
      .values({ userId, ...defaults, calendarTokenHash: tokenHash, calendarCreatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: prayerSettings.userId,
        set: { calendarTokenHash: tokenHash, calendarCreatedAt: sql`now()`, updatedAt: sql`now()` },
      })
      .returning({ createdAt: prayerSettings.calendarCreatedAt });
    return row!.createdAt!;
  },

  async clearCalendarHash(userId: string, tx: Tx = db): Promise<void> {
    await tx
      .update(prayerSettings)
      .set({ calendarTokenHash: null, calendarCreatedAt: null, updatedAt: sql`now()` })
      .where(eq(prayerSettings.userId, userId));
  },

  /** The settings and the person behind a calendar secret, when the link is live and the account active. */
  async findByCalendarHash(tokenHash: string, tx: Tx = db) {
    const [row] = await tx
      .select({ settings: prayerSettings, userId: users.id, locale: users.locale })
      .from(prayerSettings)
      .innerJoin(users, eq(users.id, prayerSettings.userId))
      .where(and(eq(prayerSettings.calendarTokenHash, tokenHash), isNull(users.deactivatedAt)));
    return row;
  },

  /** Everyone with a reminder on whose account is active and not waiting for a parent. */
  async findReminding(tx: Tx = db) {
    return tx
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
  },

  /** Records that a reminder goes out; false when it already went (another run, another instance). */
  async claimSend(userId: string, occurrence: string, tx: Tx = db): Promise<boolean> {
    const rows = await tx
      .insert(prayerReminderSends)
      .values({ userId, occurrence })
      .onConflictDoNothing()
      .returning({ userId: prayerReminderSends.userId });
    return rows.length > 0;
  },

  /** The record of sent reminders is needed for a day or two; rows written more than 3 days ago (by the database's clock) go. */
  async pruneSends(tx: Tx = db): Promise<void> {
    await tx.delete(prayerReminderSends).where(lt(prayerReminderSends.createdAt, sql`now() - interval '3 days'`));
  },

  /** The one-click unsubscribe: every prayer reminder off. False when the account no longer exists. */
  async turnOffReminders(userId: string, tx: Tx = db): Promise<boolean> {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return false;
    await tx
      .update(prayerSettings)
      .set({ remindMorning: false, remindMidday: false, remindEvening: false, remindNights: false, updatedAt: sql`now()` })
      .where(eq(prayerSettings.userId, userId));
    return true;
  },
});
export type PrayerRepository = ReturnType<typeof prayerRepositoryFactory>;
