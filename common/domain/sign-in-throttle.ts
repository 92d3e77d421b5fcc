/**
 * Per-account sign-in throttling (issue 10, defect 6): growing delays, never a lockout. The first
 * attempts are free; after that each attempt must wait longer since the previous one (1 s, 2 s,
 * 4 s ... up to 15 minutes), so guessing stays possible for the owner but slow for anyone else:
 * 40 guesses take about six hours instead of a few seconds. The owner is mailed once a day while
 * it goes on.
 */
export const FREE_SIGN_IN_ATTEMPTS = 5;
export const MAX_SIGN_IN_DELAY_SECONDS = 15 * 60;
/** Failures after which the account's owner is told by mail (at most once a day). */
export const NOTIFY_OWNER_AFTER_FAILURES = 10;
/** Failures older than this are forgotten. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** Seconds an attempt must wait after the previous one, given the failures so far. */
export function signInDelaySeconds(failures: number): number {
  if (failures < FREE_SIGN_IN_ATTEMPTS) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_SECONDS, 2 ** (failures - FREE_SIGN_IN_ATTEMPTS));
}

/** Seconds left before the next attempt is allowed (0: allowed now). */
export function signInWaitSeconds(failures: number, lastFailureAt: Date, now: Date): number {
  const delay = signInDelaySeconds(failures);
  if (delay === 0 || now.getTime() - lastFailureAt.getTime() >= FAILURE_MEMORY_MS) return 0;
  const readyAt = lastFailureAt.getTime() + delay * 1000;
  return Math.max(0, Math.ceil((readyAt - now.getTime()) / 1000));
}
