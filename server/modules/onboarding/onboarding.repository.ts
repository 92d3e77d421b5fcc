import { and, eq, ne } from 'drizzle-orm';

import type { OnboardingBody, ProfileBody } from '#common/contracts/onboarding.ts';
import type { AuditAction } from '#common/domain/audit-actions.ts';

import type { Db, Tx } from '../../db/client.ts';
import { auditLog, certificates, users } from '../../db/schema/index.ts';

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

  /** The user's row, locked until the transaction ends (a profile change and its certificate update go together). */
  async lockUser(userId: string, tx: Tx) {
    const rows = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    return rows[0] ?? null;
  },

  async updateProfile(userId: string, body: ProfileBody, tx: Tx) {
    const rows = await tx
      .update(users)
      .set({
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        birthdate: body.birthdate,
        address: body.address,
        country: body.country,
        churchDenomination: body.churchDenomination,
        pastorName: body.pastorName,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return rows[0]!;
  },

  /** Certificates carry the holder's current name and when it changed; their verification codes never change. Returns how many changed. */
  async renameCertificates(userId: string, holderName: string, tx: Tx) {
    const rows = await tx
      .update(certificates)
      .set({ holderName, holderRenamedAt: new Date() })
      .where(and(eq(certificates.userId, userId), ne(certificates.holderName, holderName)))
      .returning({ id: certificates.id });
    return rows.length;
  },

  async insertAudit(
    entry: { actorId: string; action: AuditAction; targetType: string; targetId: string; details: Record<string, unknown> },
    tx: Tx,
  ) {
    await tx.insert(auditLog).values(entry);
  },

  /** Marks onboarding skipped for a user who has not completed it; returns the user or null. */
  async markSkipped(userId: string, tx: Tx = db) {
    const rows = await tx.update(users).set({ onboardingStatus: 'skipped', updatedAt: new Date() }).where(notCompleted(userId)).returning();
    return rows[0] ?? null;
  },
});
export type OnboardingRepository = ReturnType<typeof onboardingRepositoryFactory>;
