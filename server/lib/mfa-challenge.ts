import type { SecondFactorBody } from '#common/contracts/security.ts';

import type { UserRow } from './session.ts';

/** The cookie holding a pending sign-in's second step (a random id; the database keeps its hash). */
export const MFA_CHALLENGE_COOKIE = 'mfa';
/** A sign-in waits this long for its second step. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The second step of a sign-in, as the sign-in routes (auth) and the account routes use it. The
 * account module's security service provides it and server/app.ts passes it in, so auth does not
 * import account (decision 080).
 */
export interface SecondFactorSignIn {
  isTotpEnabled(userId: string): Promise<boolean>;
  /** Starts a pending sign-in's second step; the token goes in the MFA_CHALLENGE_COOKIE. */
  startChallenge(args: { user: UserRow; userAgent: string | undefined }): Promise<string>;
  /** Checks the code of a pending second step; the signed-in user and the browser that started it. */
  completeChallenge(args: { token: string | undefined; body: SecondFactorBody }): Promise<{ user: UserRow; userAgent: string | null }>;
}
