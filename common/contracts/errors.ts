/** Every error code the API returns in `{ code, message }`; the client translates known codes. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_SITE_REQUEST: 403,
  LESSON_LOCKED: 403,
  /** A day of the 7-day track done before the calendar day after the previous one (docs/decisions/074). */
  TRACK_DAY_LOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  WEAK_PASSWORD: 400,
  COURSE_NOT_COMPLETE: 403,
  MENTOR_CYCLE: 409,
  LAST_FOUNDER: 409,
  HAS_MENTOR: 409,
  /** An adult needs the ministry's approval to hold a mentoring link with someone under 18 (issue 25). */
  MENTOR_APPROVAL_REQUIRED: 403,
  ALREADY_DISCIPLE: 409,
  /** This mentor already has an open invitation to this email. */
  ALREADY_INVITED: 409,
  /** An invitation is mailed again at most once a day. */
  RESEND_TOO_SOON: 429,
  SELF_MENTOR: 400,
  NOT_ELIGIBLE: 403,
  APPLICATION_PENDING: 409,
  ALREADY_AMBASSADOR: 409,
  ALREADY_DECIDED: 409,
  ROLE_FOUNDER_ONLY: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  /** Three failed attempts at a week within a day: the next opens after a pause (`opensAt`, docs/decisions/073). */
  ATTEMPTS_PAUSED: 429,
  /** A quiz draw already answered: the next attempt reads the assessment again for a new draw. */
  DRAW_USED: 409,
  /** The week's questions changed since this draw: the assessment is read again. */
  DRAW_STALE: 409,
  SIGN_IN_THROTTLED: 429,
  /** Too many wrong codes (or step-up passwords) for this account or session: a growing wait (docs/decisions/064). */
  SECOND_FACTOR_THROTTLED: 429,
  SETUP_TOKEN_INVALID: 410,
  LINK_INVALID: 404,
  LINK_EXPIRED: 410,
  LINK_USED: 410,
  WRONG_PASSWORD: 400,
  /** A sign-up link opened in another browser than the one that signed up: the password chosen then is asked. */
  SIGN_UP_PASSWORD_NEEDED: 403,
  NO_PASSWORD: 409,
  INVALID_CODE: 400,
  MFA_ALREADY_ENABLED: 409,
  MFA_NOT_ENABLED: 409,
  MFA_REQUIRED_FOR_ROLE: 409,
  /** An admin or founder whose session has not passed two-step verification: the admin console waits for it. */
  MFA_REQUIRED: 403,
  /** A sensitive action needs the password or a code again (re-authentication). */
  REAUTH_REQUIRED: 403,
  MFA_CHALLENGE_EXPIRED: 401,
  ENCOURAGED_RECENTLY: 429,
  ENCOURAGEMENT_OFF: 409,
  PARENT_CONSENT_PENDING: 403,
  /** Only an account waiting for a parent's consent can see, resend or change its request to the parent. */
  PARENT_CONSENT_NOT_PENDING: 409,
  /** The parent's address was given less than a day ago: another one is taken later, and the first address is told (docs/decisions/065). */
  PARENT_EMAIL_CHANGE_WAIT: 429,
  /** The parent's link opened in the young person's own session or in a browser they signed in from (docs/decisions/065). */
  PARENT_CONSENT_CHILD_BROWSER: 403,
  CONSENT_DETAILS_REQUIRED: 400,
  ACCOUNT_DEACTIVATED: 403,
  /** An admin tried to deactivate or delete their own account from the console. */
  OWN_ACCOUNT: 409,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  SERVER_BUSY: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Which case of the code it is, when the client words the cases apart (WEAK_PASSWORD: common, repeated, email, name, guessable). */
  reason?: string;
  /** When what was refused opens again (ISO date-time), for a pause the client words with a time (ATTEMPTS_PAUSED). */
  opensAt?: string;
}
