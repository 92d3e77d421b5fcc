import type { OnboardingBody } from '../../../common/contracts/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserHook } from '../auth/auth.service.ts';
import type { UserRow } from '../auth/session.ts';
import * as repo from './onboarding.repository.ts';

const ALREADY_DONE = 'Your profile is already complete.';

/**
 * Saves the one-time onboarding profile, then runs the onboarding-completed hooks (e.g. linking the
 * named mentor) in the same transaction, so a profile is never marked complete with a hook half done.
 */
export async function completeOnboarding(db: Db, user: UserRow, body: OnboardingBody, hooks: readonly UserHook[]): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // A transaction offers the same query API as the database; hooks take it as their Db.
    const txDb = tx as unknown as Db;
    const updated = await repo.completeProfile(txDb, user.id, body);
    if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
    for (const hook of hooks) await hook(txDb, updated);
    return updated;
  });
}

/** "Skip for now": lets a user in without the profile; the dashboard reminds them to complete it. */
export async function skipOnboarding(db: Db, user: UserRow): Promise<UserRow> {
  const updated = await repo.markSkipped(db, user.id);
  if (!updated) throw new AppError('CONFLICT', ALREADY_DONE);
  return updated;
}
