import { z } from 'zod';
import { assembleBirthdate } from '../domain/birthdate.ts';
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
  /** Who invited or mentors them, as "First Last"; matched to an account by the mentoring module. */
  mentorName: requiredName(160).min(1, ONBOARDING_MESSAGES.mentorName),
  phone: phoneSchema,
  address: requiredText(300, { multiLine: true }).min(1, REQUIRED),
  country: z.enum(onboardingCountries, { error: ONBOARDING_MESSAGES.country }),
  churchDenomination: required(150),
  pastorName: requiredPerson(160),
};

/** POST /api/onboarding/complete body (spec section 3). Unknown fields are refused. */
export const onboardingBody = z.strictObject({ ...onboardingFields, birthdate: birthdateSchema.optional() });
export type OnboardingBody = z.infer<typeof onboardingBody>;

/** The onboarding form: the same fields, the birthday as three pickers, the country starting unchosen. */
export const onboardingForm = z
  .strictObject({
    ...onboardingFields,
    country: z.enum(onboardingCountries, { error: ONBOARDING_MESSAGES.country }).or(z.literal('')).refine((v) => v !== '', ONBOARDING_MESSAGES.country),
    ...birthPartsSchema,
  })
  .superRefine(refineBirthParts);
export type OnboardingFormInput = z.input<typeof onboardingForm>;
export type OnboardingFormValues = z.output<typeof onboardingForm>;

export function toOnboardingBody(v: OnboardingFormValues): OnboardingBody {
  const { birthMonth, birthDay, birthYear, country, ...rest } = v;
  const birthdate = assembleBirthdate({ birthMonth, birthDay, birthYear });
  return { ...rest, country: country as OnboardingCountry, ...(birthdate ? { birthdate } : {}) };
}

export const onboardingPaths = {
  complete: '/api/onboarding/complete',
  skip: '/api/onboarding/skip',
} as const;
