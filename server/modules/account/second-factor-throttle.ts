import { NOTIFY_OWNER_AFTER_SECOND_FACTOR_FAILURES, secondFactorWaitSeconds } from '#common/domain/second-factor-throttle.ts';
import { FAILURE_MEMORY_MS } from '#common/domain/sign-in-throttle.ts';

import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import type { MailSender } from '../mail/mail.service.ts';
import type { SecondFactorThrottleRepository } from './second-factor-throttle.repository.ts';

interface Deps {
  db: Db;
  secondFactorRepo: SecondFactorThrottleRepository;
  mail: MailSender;
}

export type SecondFactorThrottle = ReturnType<typeof secondFactorThrottleFactory>;

/** The counter of every second factor of an account, wherever it is typed (sign-in, step-up). */
export const accountKey = (userId: string) => `account:${userId}`;
/** The counter of one session (step-up) by the hash of its id, which is all the database keeps of it. */
export const sessionKey = (sessionIdHash: string) => `session:${sessionIdHash}`;

/**
 * Per-account and per-session throttling of second factors and step-up checks (rules in
 * common/domain/second-factor-throttle.ts, docs/decisions/064), in PostgreSQL so every instance
 * counts the same failures. Like sign-in (decision 036), each attempt is counted as a failure before
 * it is checked, under the rows' locks, so parallel guesses are all counted; a success clears the
 * counters it was checked against. A right password clears none of them.
 */
export function secondFactorThrottleFactory({ db, secondFactorRepo: repo, mail }: Deps) {
  /**
   * Allows the attempt and counts it against every counter in `keys` (locked in that order), or
   * throws SECOND_FACTOR_THROTTLED (429 with Retry-After) with the longest wait among them.
   * `isNeverDelayed`: a recovery code, counted but never made to wait (it cannot be guessed, and it
   * is the owner's way in while a stranger who knows the password keeps the account's codes waiting).
   */
  async function claimAttempt({
    userId,
    keys,
    isNeverDelayed = false,
  }: {
    userId: string;
    keys: string[];
    isNeverDelayed?: boolean;
  }): Promise<void> {
    const now = new Date();
    await db.transaction(async (tx) => {
      const rows = await repo.lockFailures(userId, keys, tx);
      const counts = rows.map((row) => (now.getTime() - row.lastFailureAt.getTime() >= FAILURE_MEMORY_MS ? 0 : row.failures));
      const wait = Math.max(0, ...rows.map((row, i) => secondFactorWaitSeconds(counts[i]!, row.lastFailureAt, now)));
      if (wait > 0 && !isNeverDelayed)
        throw new AppError('SECOND_FACTOR_THROTTLED', `Too many wrong tries. Please wait ${wait} seconds and try again.`, {
          retryAfterSeconds: wait,
        });
      for (const [i, row] of rows.entries()) await repo.setFailures(row.key, counts[i]! + 1, now, tx);
    });
  }

  /** After a right code (or a right step-up password): the counters it was checked against start again. */
  async function recordSuccess(keys: string[], within: Tx = db): Promise<void> {
    await repo.clearFailures(keys, within);
  }

  /**
   * After a wrong one, checked against `keys`: once one of them reaches the threshold, the account's
   * owner is told (once a day, kept on the account's row), with what to do and no detail an attacker
   * could use.
   */
  async function recordFailure(user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'locale'>, keys: string[]): Promise<void> {
    const key = accountKey(user.id);
    const isSent = await db.transaction(async (tx) => {
      const rows = await repo.lockFailures(user.id, [key, ...keys.filter((k) => k !== key)], tx);
      const failures = Math.max(...rows.map((row) => row.failures));
      if (failures < NOTIFY_OWNER_AFTER_SECOND_FACTOR_FAILURES) return false;
      if (!(await repo.markNotified(key, new Date(Date.now() - FAILURE_MEMORY_MS), tx))) return false;
      await mail.enqueueFor(tx, user, {
        kind: 'second-factor-failures',
        content: {
          subject: 'secondFactorFailures.subject',
          paragraphs: ['secondFactorFailures.intro', 'secondFactorFailures.meaning', 'secondFactorFailures.safe'],
          action: { label: 'secondFactorFailures.action', url: mail.link('/settings') },
          after: ['secondFactorFailures.notYou'],
          vars: { count: failures },
        },
      });
      return true;
    });
    if (isSent) mail.wake();
  }

  /** Forgets failures idle for a day (the hourly job). */
  async function prune(): Promise<void> {
    await repo.pruneFailures(new Date(Date.now() - FAILURE_MEMORY_MS));
  }

  return { claimAttempt, recordSuccess, recordFailure, prune };
}
