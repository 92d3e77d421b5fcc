import { FREE_SIGN_IN_ATTEMPTS, signInWaitSeconds } from './sign-in-throttle.ts';

/**
 * Per-account and per-session throttling of second factors and step-up checks (issue 24, items 1-2;
 * docs/decisions/064). A 6-digit code is right for 3 of a million guesses (one 30-second step either
 * side), so guesses must be few. The curve is sign-in's (decision 036): 5 free failures, then each
 * attempt waits longer since the previous one (1 s, 2 s, 4 s ... up to 15 minutes). About 100 guesses
 * a day are left, so an even chance takes years, and the owner is mailed. Never a lockout: the owner
 * waits at most 15 minutes for a code, and a recovery code (120 bits, not guessable) never waits.
 */
export const FREE_SECOND_FACTOR_ATTEMPTS = FREE_SIGN_IN_ATTEMPTS;
/** Failures of one account after which its owner is told by mail (at most once a day). */
export const NOTIFY_OWNER_AFTER_SECOND_FACTOR_FAILURES = 5;

/** Seconds left before the next second-factor attempt is allowed (0: allowed now). */
export const secondFactorWaitSeconds: (failures: number, lastFailureAt: Date, now: Date) => number = signInWaitSeconds;
