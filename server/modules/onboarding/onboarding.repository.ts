import { and, eq, ne } from 'drizzle-orm';
import type { OnboardingBody } from '../../../common/contracts/onboarding.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Only a user who has not completed onboarding can complete or skip it. */
const notCompleted = (userId: string) => and(eq(users.id, userId), ne(users.onboardingStatus, 'completed'));

export const onboardingRepositoryFactory = (db: Db) => ({
  /** Saves the profile and marks onboarding completed, unless it already was; returns the updated user or null. */
  async completeProfile(userId: string, body: OnboardingBody, tx: Tx = db) {
    const rows = await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        mentorName: body.mentorName ?? null,
        phone: body.phone,
        birthdate: body.birthdate ?? null,
        address: body.address,
        country: body.country,
        churchDenomination: body.churchDenomination,
        pastorName: body.pastorName,
        onboardingStatus: 'completed',
        updatedAt: new Date(),
      })
      .where(notCompleted(userId))
      .returning();
    return rows[0] ?? null;
  },

  /** Marks onboarding skipped for a user who has not completed it; returns the user or null. */
  async markSkipped(userId: string, tx: Tx = db) {
    const rows = await tx.update(users).set({ onboardingStatus: 'skipped', updatedAt: new Date() }).where(notCompleted(userId)).returning();
    return rows[0] ?? null;
  },
});
export type OnboardingRepository = ReturnType<typeof onboardingRepositoryFactory>;
