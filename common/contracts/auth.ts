import { z } from 'zod';
import { personName, plainText } from './text.ts';

import { roles } from '../domain/roles.ts';

// The list lives in common/domain/roles.ts (no zod, so rule modules and the landing page can use it).
export { isAdminRole, roles, type Role } from '../domain/roles.ts';

export const onboardingStatuses = ['pending', 'skipped', 'completed'] as const;

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address'));

/** A new password: any printable text (spaces and every script welcome), but no control characters nobody can type. */
export const passwordSchema = plainText(
  z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
);

const nameSchema = personName(z.string().trim().min(1, 'Required').max(80));

export const signInBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(1024),
});
export type SignInBody = z.infer<typeof signInBody>;

export const signUpBody = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The interface language: mail to this user is written in it. */
  locale: z.enum(['en', 'fr']).optional(),
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const setupBody = signUpBody.extend({ token: z.string().min(16).max(200) });

/** GET /api/login (a browser navigation): where to come back after signing in. */
export const loginQuery = z.object({ returnTo: z.string().max(500).optional() });

/** GET /api/setup/:token: whether a founder setup link still works. */
export const setupTokenParams = z.object({ token: z.string().max(200) });
export const setupStatus = z.object({ valid: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatus>;
export type SetupBody = z.infer<typeof setupBody>;

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(roles),
  onboardingComplete: z.boolean(),
  onboardingStatus: z.enum(onboardingStatuses),
  mentorName: z.string().nullable(),
  createdAt: z.string(),
  locale: z.enum(['en', 'fr']),
  isEmailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const publicConfig = z.object({
  oidcEnabled: z.boolean(),
  supportEmail: z.string(),
  supportWhatsapp: z.string(),
  /** Where to write about personal data (PRIVACY_CONTACT, else the support email). */
  privacyContact: z.string(),
  /** Days a closed callback request keeps its name and phone (RETENTION_CALLBACK_DAYS). */
  callbackRetentionDays: z.number(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
    tiktok: z.string().optional(),
    x: z.string().optional(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;

