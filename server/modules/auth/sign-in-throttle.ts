import { createHash } from 'node:crypto';

import { FAILURE_MEMORY_MS, NOTIFY_OWNER_AFTER_FAILURES, signInWaitSeconds } from '#common/domain/sign-in-throttle.ts';

import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import type { MailSender } from '../mail/mail.service.ts';
import type { AuthRepository } from './auth.repository.ts';

interface Deps {
  db: Db;
  authRepo: AuthRepository;
  mail: MailSender;
}

export type SignInThrottle = ReturnType<typeof signInThrottleFactory>;

/** The key of an address: its SHA-256, so the table holds no email and unknown addresses count the same. */
export const emailKeyOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Per-account throttling of password sign-ins (rules in common/domain/sign-in-throttle.ts), kept in
 * PostgreSQL so every instance counts the same failures. Each attempt is counted as a failure
 * before the password is checked, under the row's lock: parallel guesses cannot slip through
 * between the check and the count. A success clears the count.
 */
export function signInThrottleFactory({ db, authRepo: repo, mail }: Deps) {
  /** Allows the attempt and counts it, or throws SIGN_IN_THROTTLED (429 with Retry-After). */
  async function claimAttempt(email: string): Promise<void> {
    const key = emailKeyOf(email);
    const now = new Date();
    await db.transaction(async (tx) => {
      const row = await repo.lockSignInFailures(key, tx);
      const isForgotten = now.getTime() - row.lastFailureAt.getTime() >= FAILURE_MEMORY_MS;
      const failures = isForgotten ? 0 : row.failures;
      const wait = signInWaitSeconds(failures, row.lastFailureAt, now);
      if (wait > 0)
        throw new AppError('SIGN_IN_THROTTLED', `Too many failed sign-ins with this email. Please wait ${wait} seconds and try again.`, {
          retryAfterSeconds: wait,
        });
      await repo.setSignInFailures(key, failures + 1, now, tx);
    });
  }

  async function recordSuccess(email: string, within: Tx = db): Promise<void> {
    await repo.clearSignInFailures(emailKeyOf(email), within);
  }

  /**
   * After a wrong password: past the threshold, the account's owner is told (once a day). An
   * unknown address takes the same round trip, so the answer's timing does not tell them apart.
   */
  async function recordFailure(email: string, user: UserRow | null): Promise<void> {
    const key = emailKeyOf(email);
    const isSent = await db.transaction(async (tx) => {
      const row = await repo.lockSignInFailures(key, tx);
      if (!user || row.failures < NOTIFY_OWNER_AFTER_FAILURES) return false;
      if (!(await repo.markSignInFailuresNotified(key, new Date(Date.now() - FAILURE_MEMORY_MS), tx))) return false;
      await mail.enqueueFor(tx, user, {
        kind: 'sign-in-failures',
        content: {
          subject: 'signInFailures.subject',
          paragraphs: ['signInFailures.intro', 'signInFailures.safe'],
          action: { label: 'signInFailures.action', url: mail.link('/forgot-password') },
          after: ['signInFailures.notYou'],
          vars: { count: row.failures },
        },
      });
      return true;
    });
    if (isSent) mail.wake();
  }

  /** Forgets failures idle for a day (an hourly job). */
  async function prune(): Promise<void> {
    await repo.pruneSignInFailures(new Date(Date.now() - FAILURE_MEMORY_MS));
  }

  return { claimAttempt, recordSuccess, recordFailure, prune };
}
