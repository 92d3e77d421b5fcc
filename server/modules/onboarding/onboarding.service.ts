import type { OnboardingBody } from '../../../common/contracts/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { runHooks, type UserHook } from '../../lib/account-events.ts';
import type { UserRow } from '../../lib/session.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';

const ALREADY_DONE = 'Your profile is already complete.';

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

  /** "Skip for now": lets a user in without the profile; the dashboard reminds them to complete it. */
  async skip(user: UserRow): Promise<UserRow> {
    const updated = await onboardingRepo.markSkipped(user.id);
    if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
    return updated;
  },
});
