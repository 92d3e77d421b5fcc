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
