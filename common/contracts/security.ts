import { z } from 'zod';

import { currentUser, passwordSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';

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

/** The account's security (docs/decisions/083): every endpoint is the signed-in user's own. */
export const securityApi = {
  /** Ends every other session of the account. */
  changePassword: endpoint('POST', '/api/account/password', { body: changePasswordBody, response: { 200: endedSessions } }),
  sessions: endpoint('GET', '/api/account/sessions', { response: { 200: sessionList } }),
  /** Every session of the account but this one. */
  endOtherSessions: endpoint('DELETE', '/api/account/sessions/others', { response: { 200: endedSessions } }),
  /** One session (this one too: it is then signed out). */
  endSession: endpoint('DELETE', '/api/account/sessions/:id', { params: sessionParams }),
};

/** Two-step verification and re-authentication (docs/decisions/038). */
export const mfaApi = {
  status: endpoint('GET', '/api/account/mfa', { response: { 200: mfaStatus } }),
  totpSetup: endpoint('POST', '/api/account/mfa/totp/setup', { response: { 200: totpEnrolment } }),
  totpConfirm: endpoint('POST', '/api/account/mfa/totp/confirm', { body: totpConfirmBody, response: { 200: recoveryCodeList } }),
  /** Turns two-step verification off (not for admins and founders). */
  disableTotp: endpoint('DELETE', '/api/account/mfa/totp'),
  recoveryCodes: endpoint('POST', '/api/account/mfa/recovery-codes', { response: { 200: recoveryCodeList } }),
  /** Public, sign-in's second step: the password was right, a code from the app or a recovery code is asked. */
  signIn: endpoint('POST', '/api/auth/mfa', { body: secondFactorBody, response: { 200: currentUser } }),
  /** The password or a code typed again: sensitive actions open for REAUTH_WINDOW_MINUTES. */
  reauth: endpoint('POST', '/api/auth/reauth', { body: reauthBody, response: { 200: reauthResult } }),
};
