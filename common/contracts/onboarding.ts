import { z } from 'zod';

import { assembleBirthdate } from '../domain/birthdate.ts';
import { currentUser } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { birthdateSchema, birthPartsSchema, phoneSchema, refineBirthParts, REQUIRED, requiredName, requiredText } from './public-forms.ts';

/** The 15 choices of the onboarding country list (spec section 5); the English name is what is stored. */
export const onboardingCountries = [
  'United States',
  'Canada',
  'Haiti',
  'Dominican Republic',
  'Jamaica',
  'Trinidad and Tobago',
  'France',
  'United Kingdom',
  'Germany',
  'Nigeria',
  'Kenya',
  'South Africa',
  'Brazil',
  'Mexico',
  'Other',
] as const;
export type OnboardingCountry = (typeof onboardingCountries)[number];

export const ONBOARDING_MESSAGES = {
  mentorName: "Please enter your ambassador's name (required)",
  country: 'Please choose your country',
} as const;

const required = (max: number) => requiredText(max).min(1, REQUIRED);
const requiredPerson = (max: number) => requiredName(max).min(1, REQUIRED);

const onboardingFields = {
  firstName: requiredPerson(80),
  lastName: requiredPerson(80),
  phone: phoneSchema,
  address: requiredText(300, { multiLine: true }).min(1, REQUIRED),
  country: z.enum(onboardingCountries, { error: ONBOARDING_MESSAGES.country }),
  churchDenomination: required(150),
  pastorName: requiredPerson(160),
};

/** The onboarding form's body (spec section 3). Unknown fields are refused. */
export const onboardingBody = z.strictObject({
  ...onboardingFields,
  /**
   * Who invited or mentors them, as "First Last": the mentoring module asks that person to confirm
   * (decision 039). Left out when they found the movement on their own.
   */
  mentorName: requiredName(160).min(1, ONBOARDING_MESSAGES.mentorName).optional(),
  birthdate: birthdateSchema.optional(),
});
export type OnboardingBody = z.infer<typeof onboardingBody>;

/** The onboarding form: the same fields, the birthday as three pickers, the country starting unchosen. */
export const onboardingForm = z
  .strictObject({
    ...onboardingFields,
    country: z
      .enum(onboardingCountries, { error: ONBOARDING_MESSAGES.country })
      .or(z.literal(''))
      .refine((v) => v !== '', ONBOARDING_MESSAGES.country),
    mentorName: requiredName(160),
    /** "I found this on my own": no mentor name is asked or sent. */
    foundOnOwn: z.boolean(),
    ...birthPartsSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.foundOnOwn && v.mentorName === '')
      ctx.addIssue({ code: 'custom', path: ['mentorName'], message: ONBOARDING_MESSAGES.mentorName });
    refineBirthParts(v, ctx);
  });
export type OnboardingFormInput = z.input<typeof onboardingForm>;
export type OnboardingFormValues = z.output<typeof onboardingForm>;

export function toOnboardingBody(v: OnboardingFormValues): OnboardingBody {
  const { birthMonth, birthDay, birthYear, country, mentorName, foundOnOwn, ...rest } = v;
  const birthdate = assembleBirthdate({ birthMonth, birthDay, birthYear });
  return { ...rest, country: country as OnboardingCountry, ...(foundOnOwn ? {} : { mentorName }), ...(birthdate ? { birthdate } : {}) };
}

/** The profile as saved (read and saved through `onboardingApi`): what onboarding asked, editable later on /settings. */
export const profile = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string().nullable(),
  churchDenomination: z.string().nullable(),
  pastorName: z.string().nullable(),
  /** YYYY-MM-DD, or null when not given. */
  birthdate: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

/** A new profile: the onboarding fields with the onboarding rules; a null birthdate removes it. */
export const profileBody = z.strictObject({ ...onboardingFields, birthdate: birthdateSchema.nullable() });
export type ProfileBody = z.infer<typeof profileBody>;

/** The profile form on /settings: the onboarding form without the mentor. */
export const profileForm = z
  .strictObject({
    ...onboardingFields,
    country: z
      .enum(onboardingCountries, { error: ONBOARDING_MESSAGES.country })
      .or(z.literal(''))
      .refine((v) => v !== '', ONBOARDING_MESSAGES.country),
    ...birthPartsSchema,
  })
  .superRefine(refineBirthParts);
export type ProfileFormInput = z.input<typeof profileForm>;
export type ProfileFormValues = z.output<typeof profileForm>;

export function toProfileBody(v: ProfileFormValues): ProfileBody {
  const { birthMonth, birthDay, birthYear, country, ...rest } = v;
  return { ...rest, country: country as OnboardingCountry, birthdate: assembleBirthdate({ birthMonth, birthDay, birthYear }) ?? null };
}

/** Onboarding's and the profile's endpoints (docs/decisions/083): each needs a signed-in user (a visitor gets a 401 before the body is looked at). */
export const onboardingApi = {
  /** The onboarding form sent: the profile saved; answers the signed-in user as it now is. */
  complete: endpoint('POST', '/api/onboarding/complete', { body: onboardingBody, response: { 200: currentUser } }),
  /** Onboarding left for later; answers the signed-in user as it now is. */
  skip: endpoint('POST', '/api/onboarding/skip', { response: { 200: currentUser } }),
  /** The signed-in user's own profile. */
  profile: endpoint('GET', '/api/profile', { response: { 200: profile } }),
  /** A new profile for the signed-in user. */
  saveProfile: endpoint('PUT', '/api/profile', { body: profileBody, response: { 200: profile } }),
};
