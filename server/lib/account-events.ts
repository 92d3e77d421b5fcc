import type { Tx } from '../db/client.ts';
import type { UserRow } from './session.ts';

/**
 * Something a module does when an account event happens. It gets the transaction (or database) the
 * event's own writes used, so its writes commit or fail with them.
 */
export type UserHook = (db: Tx, user: UserRow) => Promise<void>;

/** The app's account events: modules react to them through these lists instead of importing each other. */
export interface AccountEvents {
  /** An account was created (sign-up, founder setup, first OpenID Connect sign-in). */
  userCreated: UserHook[];
  /** The onboarding profile was completed. */
  onboardingCompleted: UserHook[];
}

/** Runs an event's hooks one after the other, in the order they were registered. */
export async function runHooks(hooks: readonly UserHook[], db: Tx, user: UserRow): Promise<void> {
  for (const hook of hooks) await hook(db, user);
}
