import { and, eq, ne } from 'drizzle-orm';
import type { OnboardingBody } from '../../../common/contracts/onboarding.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Saves the profile and marks onboarding completed, unless it already was; returns the updated user or null. */
export async function completeProfile(db: Tx, userId: string, body: OnboardingBody) {
  const rows = await db
    .update(users)
    .set({
      firstName: body.firstName,
      lastName: body.lastName,
      mentorName: body.mentorName,
      phone: body.phone,
      birthdate: body.birthdate ?? null,
      address: body.address,
      country: body.country,
      churchDenomination: body.churchDenomination,
      pastorName: body.pastorName,
      onboardingStatus: 'completed',
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), ne(users.onboardingStatus, 'completed')))
    .returning();
  return rows[0] ?? null;
}

/** Marks onboarding skipped for a user who has not completed it; returns the user or null. */
export async function markSkipped(db: Tx, userId: string) {
  const rows = await db
    .update(users)
    .set({ onboardingStatus: 'skipped', updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.onboardingStatus, 'completed')))
    .returning();
  return rows[0] ?? null;
}
