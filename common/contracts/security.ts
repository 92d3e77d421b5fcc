import { z } from 'zod';

import { passwordSchema } from './auth.ts';

/** Route paths of the account's security: password, sessions, two-step verification, re-authentication. */
export const securityPaths = {
  password: '/api/account/password',
  sessions: '/api/account/sessions',
  /** DELETE: every session of the account but this one. */
  otherSessions: '/api/account/sessions/others',
  session: (id: string) => `/api/account/sessions/${encodeURIComponent(id)}`,
} as const;

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Required').max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** One signed-in browser or device of the account. */
export const sessionItem = z.object({
  id: z.string(),
  /** Browser and system read from the user agent when it was signed in ("Chrome", "Android"); null when unknown. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  isMobile: z.boolean(),
  signedInAt: z.string(),
  /** Last use, to the minute at best (the server refreshes it at most once a minute). */
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.object({ sessions: z.array(sessionItem) });
export type SessionList = z.infer<typeof sessionList>;

export const sessionParams = z.strictObject({ id: z.uuid('must be a session id') });

export const endedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessions>;

// ---- Two-step verification (TOTP + recovery codes) and re-authentication (docs/decisions/038) ----

export const mfaPaths = {
  status: '/api/account/mfa',
  totpSetup: '/api/account/mfa/totp/setup',
  totpConfirm: '/api/account/mfa/totp/confirm',
  /** DELETE: turns two-step verification off (not for admins and founders). */
  totp: '/api/account/mfa/totp',
  recoveryCodes: '/api/account/mfa/recovery-codes',
  /** Sign-in, second step: the password was right, a code is asked. */
  signIn: '/api/auth/mfa',
  reauth: '/api/auth/reauth',
} as const;

/** How long a password or code typed again opens sensitive actions (role changes, exports, deleting people). */
export const REAUTH_WINDOW_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your app');
/** 24 letters and digits of base32 (120 bits), shown in groups of four; dashes and spaces are ignored. */
export const recoveryCode = z
  .string()
  .max(64)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{24}$/, 'Enter a recovery code as it was given to you'));

const exactlyOne = (keys: string[]) => (v: Record<string, unknown>) => keys.filter((k) => v[k] !== undefined).length === 1;

/** The second step of a sign-in: a code from the app, or one recovery code. */
export const secondFactorBody = z
  .strictObject({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine(exactlyOne(['code', 'recoveryCode']), 'Give either a code from your app or a recovery code');
export type SecondFactorBody = z.input<typeof secondFactorBody>;

/** Re-authentication: the password, or a code from the app. */
export const reauthBody = z
  .strictObject({ password: z.string().min(1, 'Required').max(1024).optional(), code: totpCode.optional() })
  .refine(exactlyOne(['password', 'code']), 'Give either your password or a code from your app');
export type ReauthBody = z.input<typeof reauthBody>;

export const totpConfirmBody = z.strictObject({ code: totpCode });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

export const mfaStatus = z.object({
  isEnabled: z.boolean(),
  /** Admins and founders must use it before the admin console opens. */
  isRequired: z.boolean(),
  /** This session passed two-step verification. */
  isSessionVerified: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The account has a password (re-authentication can use it). */
  hasPassword: z.boolean(),
  /** Until when sensitive actions are open without typing the password or a code again. */
  reauthUntil: z.string(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

export const totpEnrolment = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth:// URI (the QR code's content). */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const recoveryCodeList = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodeList = z.infer<typeof recoveryCodeList>;

export const reauthResult = z.object({ reauthUntil: z.string() });
