import type { OnboardingBody, Profile, ProfileBody } from '#common/contracts/onboarding.ts';

import type { Db } from '../../db/client.ts';
import { runHooks, type UserHook } from '../../lib/account-events.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import { holderNameOf } from '../course/course.service.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';

const ALREADY_DONE = 'Your profile is already complete.';

const profileFields = ['firstName', 'lastName', 'phone', 'address', 'country', 'churchDenomination', 'pastorName', 'birthdate'] as const;

const toProfile = (u: UserRow): Profile => ({
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
  address: u.address,
  country: u.country,
  churchDenomination: u.churchDenomination,
  pastorName: u.pastorName,
  birthdate: u.birthdate,
});

interface Deps {
  db: Db;
  onboardingRepo: OnboardingRepository;
  /** Run after a profile is completed (the list is filled by other modules, possibly later). */
  onboardingCompleted: readonly UserHook[];
}

export const onboardingServiceFactory = ({ db, onboardingRepo, onboardingCompleted }: Deps) => ({
  /**
   * Saves the one-time onboarding profile, then runs the onboarding-completed hooks (e.g. linking the
   * named mentor) in the same transaction, so a profile is never marked complete with a hook half done.
   */
  async complete(user: UserRow, body: OnboardingBody): Promise<UserRow> {
    return db.transaction(async (tx) => {
      const updated = await onboardingRepo.completeProfile(user.id, body, tx);
      if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
      await runHooks(onboardingCompleted, tx, updated);
      return updated;
    });
  },

  async getProfile(user: UserRow): Promise<Profile> {
    return toProfile(user);
  },

  /**
   * Saves an edited profile with the onboarding rules. A new name goes onto the user's certificates
   * too (the verification code stays, so a printed certificate still verifies, under the current
   * name) and the change is audited by field name, never with the values (the entry outlives them).
   */
  async updateProfile(user: UserRow, body: ProfileBody): Promise<Profile> {
    return db.transaction(async (tx) => {
      const before = await onboardingRepo.lockUser(user.id, tx);
      if (!before) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      const after = await onboardingRepo.updateProfile(user.id, body, tx);
      const changed = profileFields.filter((f) => (before[f] ?? null) !== (after[f] ?? null));
      if (changed.length === 0) return toProfile(after);
      const name = holderNameOf(after);
      const isRenamed = holderNameOf(before) !== name;
      const renamedCertificates = isRenamed ? await onboardingRepo.renameCertificates(user.id, name, tx) : 0;
      // Which fields changed (not their values), and how many certificates took the new name.
      await onboardingRepo.insertAudit(
        {
          actorId: user.id,
          action: 'profile.updated',
          targetType: 'user',
          targetId: user.id,
          details: { fields: changed, ...(isRenamed ? { renamedCertificates } : {}) },
        },
        tx,
      );
      return toProfile(after);
    });
  },

  /** "Skip for now": lets a user in without the profile; the dashboard reminds them to complete it. */
  async skip(user: UserRow): Promise<UserRow> {
    const updated = await onboardingRepo.markSkipped(user.id);
    if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
    return updated;
  },
});
