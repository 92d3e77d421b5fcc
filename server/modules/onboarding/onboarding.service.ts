import type { OnboardingBody } from '../../../common/contracts/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { runHooks, type UserHook } from '../../lib/account-events.ts';
import type { UserRow } from '../../lib/session.ts';
import * as repo from './onboarding.repository.ts';

const ALREADY_DONE = 'Your profile is already complete.';

/**
 * Saves the one-time onboarding profile, then runs the onboarding-completed hooks (e.g. linking the
 * named mentor) in the same transaction, so a profile is never marked complete with a hook half done.
 */
export async function completeOnboarding(db: Db, user: UserRow, body: OnboardingBody, hooks: readonly UserHook[]): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const updated = await repo.completeProfile(tx, user.id, body);
    if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
    await runHooks(hooks, tx, updated);
    return updated;
  });
}

/** "Skip for now": lets a user in without the profile; the dashboard reminds them to complete it. */
export async function skipOnboarding(db: Db, user: UserRow): Promise<UserRow> {
  const updated = await repo.markSkipped(db, user.id);
  if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
  return updated;
}
