/**
 * Route paths of sign-in, the session and the public configuration. Kept apart from the zod
 * schemas in auth.ts so that screens which only call these routes (the landing page, every
 * gate) do not download zod (docs/decisions/023-landing-page-weight.md).
 */
export const paths = {
  login: '/api/login',
  logout: '/api/logout',
  callback: '/api/callback',
  signIn: '/api/auth/sign-in',
  signUp: '/api/auth/sign-up',
  /** The link mailed at sign-up: creates the account and signs this browser in. */
  signUpConfirm: '/api/auth/sign-up/confirm',
  currentUser: '/api/auth/user',
  setup: '/api/setup',
  config: '/api/config',
  /** Agree to the current privacy notice (with month of birth and country on a first OpenID arrival). */
  consent: '/api/auth/consent',
  /** The page a parent opens from the mail: GET what it is about, POST the decision. */
  parentConsent: '/api/parent-consent',
  /** The signed-in young person's request to a parent: GET where it went, PUT a corrected address. */
  parentRequest: '/api/auth/consent/parent',
  /** The same mail again, with a fresh link. */
  parentRequestResend: '/api/auth/consent/parent/resend',
} as const;
