import { z } from 'zod';

import { countries } from '../domain/countries.ts';
import {
  BIRTH_MONTH_IN_FUTURE,
  BIRTH_MONTH_TOO_EARLY,
  birthMonthProblem,
  MAX_AGE_YEARS,
  needsParentalConsent,
} from '../domain/digital-consent.ts';
import { roles } from '../domain/roles.ts';
import { personName, plainText } from './text.ts';

const countryCodes = new Set(countries.map((c) => c.code));

// The list lives in common/domain/roles.ts (no zod, so rule modules and the landing page can use it).
export { isAdminRole, opensCallbackInbox, roles, type Role } from '../domain/roles.ts';

export const onboardingStatuses = ['pending', 'skipped', 'completed'] as const;
export const consentStatuses = ['pending_parent', 'granted'] as const;

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

/** Name, email, password and language: what every account is created with. */
export const accountBody = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The interface language: mail to this user is written in it. */
  locale: z.enum(['en', 'fr']).optional(),
});

const currentYear = () => new Date().getUTCFullYear();

/**
 * Month and year of birth, country and the explicit consent to data revealing one's faith
 * (GDPR Art. 9(2)(a)); a parent's email below the country's age of digital consent.
 */
export const consentDetailsFields = {
  birthYear: z
    .number('Choose your year of birth')
    .int()
    .min(currentYear() - MAX_AGE_YEARS - 1, BIRTH_MONTH_TOO_EARLY)
    .max(currentYear(), BIRTH_MONTH_IN_FUTURE),
  birthMonth: z.number('Choose your month of birth').int().min(1, 'Choose your month of birth').max(12, 'Choose your month of birth'),
  country: z
    .string('Choose your country')
    .trim()
    .toUpperCase()
    .refine((c) => countryCodes.has(c), 'Choose your country'),
  faithDataConsent: z.literal(true, 'Please tick the box to agree'),
  parentEmail: emailSchema.optional(),
};

type ConsentDetails = { birthYear: number; birthMonth: number; country: string; parentEmail?: string | undefined; email?: string };
/** The rules that need several fields: a real month of birth, and a parent's email when (and only when) it is needed. */
export function checkConsentDetails(v: ConsentDetails, ctx: z.RefinementCtx) {
  const problem = birthMonthProblem(v.birthYear, v.birthMonth);
  if (problem) ctx.addIssue({ code: 'custom', path: ['birthYear'], message: problem });
  else if (needsParentalConsent(v.birthYear, v.birthMonth, v.country) && !v.parentEmail)
    ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: PARENT_EMAIL_REQUIRED });
  if (v.parentEmail && v.email && v.parentEmail === v.email)
    ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: PARENT_EMAIL_SAME });
}
export const PARENT_EMAIL_REQUIRED = "A parent's email is needed at your age";
export const PARENT_EMAIL_SAME = "Your parent's email must be different from yours";

export const signUpBody = accountBody.extend(consentDetailsFields).superRefine(checkConsentDetails);
export type SignUpBody = z.infer<typeof signUpBody>;

/** base64url of 32 random bytes: the secret part of a link in a mail. */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Check that you copied all of it.');

/**
 * The one answer to every sign-up, whether or not the address already has an account (decision
 * 037): the account is created from the link mailed to the address.
 */
export const signUpAccepted = z.object({ confirmEmail: z.literal(true) });
export type SignUpAccepted = z.infer<typeof signUpAccepted>;

/**
 * POST /api/auth/sign-up/confirm: the link's token; the password chosen at sign-up too when the
 * link is opened in another browser than the one that signed up.
 */
export const signUpConfirmBody = z.strictObject({
  token: tokenSchema,
  password: z.string({ error: 'Must be text' }).min(1, 'Required').max(1024, 'Must be at most 1024 characters').optional(),
});
export type SignUpConfirmBody = z.infer<typeof signUpConfirmBody>;

/**
 * POST /api/auth/consent: agreeing to the current privacy notice again, or, on first arrival
 * through OpenID Connect (no month of birth yet), the same details as at sign-up.
 */
export const consentBody = z.strictObject({
  faithDataConsent: consentDetailsFields.faithDataConsent,
  details: z
    .strictObject({
      birthYear: consentDetailsFields.birthYear,
      birthMonth: consentDetailsFields.birthMonth,
      country: consentDetailsFields.country,
      parentEmail: consentDetailsFields.parentEmail,
    })
    .superRefine(checkConsentDetails)
    .optional(),
});
export type ConsentBody = z.infer<typeof consentBody>;

export const setupBody = accountBody.extend({ token: z.string().min(16).max(200) });

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
  /** Marked by an admin to follow callback requests: gets the staff alerts and opens the callback inbox. */
  isResponder: z.boolean(),
  /** The designated safeguarding lead (issue 25): opens the Safeguarding tab of the console. */
  isSafeguardingLead: z.boolean(),
  onboardingComplete: z.boolean(),
  onboardingStatus: z.enum(onboardingStatuses),
  mentorName: z.string().nullable(),
  createdAt: z.string(),
  locale: z.enum(['en', 'fr']),
  isEmailVerified: z.boolean(),
  /** "pending_parent" while a young person's account waits for a parent's consent. */
  consentStatus: z.enum(consentStatuses),
  /**
   * What the person must give before using the app: "details" (month of birth, country and consent:
   * a first OpenID Connect arrival or an account older than the notice), "notice" (agree again to a
   * newer privacy notice), or null.
   */
  consentNeeded: z.enum(['details', 'notice']).nullable(),
  /**
   * The person's own country (ISO 3166 code): the onboarding profile's, else the one given at
   * sign-up; null when neither names one. The crisis directory shows its lines first (decision 060).
   */
  country: z.string().length(2).nullable().default(null),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** A sign-in whose password was right and whose account uses two-step verification: a code comes next (POST /api/auth/mfa). */
export const mfaChallenge = z.object({ mfaRequired: z.literal(true) });
export type MfaChallenge = z.infer<typeof mfaChallenge>;
export const signInResult = z.union([currentUser, mfaChallenge]);
export type SignInResult = z.infer<typeof signInResult>;

export const publicConfig = z.object({
  oidcEnabled: z.boolean(),
  /** Mail goes to the local mailbox of this laptop install, at /local-mailbox (decision 059). */
  localMailbox: z.boolean(),
  supportEmail: z.string(),
  supportWhatsapp: z.string(),
  /** Where to write about personal data (PRIVACY_CONTACT, else the support email). */
  privacyContact: z.string(),
  /** Days a closed callback request keeps its name and phone (RETENTION_CALLBACK_DAYS). */
  callbackRetentionDays: z.number(),
  /** Who is responsible for the data (CONTROLLER_NAME, CONTROLLER_ADDRESS), null when unset. */
  controller: z.object({ name: z.string().nullable(), address: z.string().nullable() }),
  /** Who hosts the app and sends its mail (PRIVACY_PROCESSORS), null when unset. */
  processors: z.string().nullable(),
  /** True while the controller's name, address or privacy contact is unset: the notice shows a placeholder warning (decision 063). */
  isControllerPlaceholder: z.boolean(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
    tiktok: z.string().optional(),
    x: z.string().optional(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** GET /api/parent-consent/:token: what the parent's page shows. */
export const parentConsentParams = z.object({ token: z.string().min(16).max(200) });
export const parentConsentView = z.object({
  childFirstName: z.string().nullable(),
  isGranted: z.boolean(),
  /** The law asks the young person's consent and the parent's together (France under 15): the young person has given theirs. */
  isJoint: z.boolean(),
  noticeVersion: z.number(),
});
export type ParentConsentView = z.infer<typeof parentConsentView>;
/** POST /api/parent-consent/:token: the parent agrees, or refuses / takes the agreement back (the account is deleted). */
export const parentDecisionBody = z.strictObject({ decision: z.enum(['grant', 'withdraw']) });
export type ParentDecisionBody = z.infer<typeof parentDecisionBody>;
export const parentDecisionResult = z.object({ status: z.enum(['granted', 'deleted']) });
export type ParentDecisionResult = z.infer<typeof parentDecisionResult>;

/**
 * The young person's own request to a parent, while it waits: where the mail went and when. Sent
 * again, or to a corrected address (PUT), each time with a fresh link; the earlier link stops working.
 */
export const parentRequestView = z.object({ parentEmail: z.string(), sentAt: z.string() });
export type ParentRequestView = z.infer<typeof parentRequestView>;
export const parentRequestBody = z.strictObject({ parentEmail: emailSchema });
export type ParentRequestBody = z.infer<typeof parentRequestBody>;
