import { z } from 'zod';

import { assembleBirthdate, birthdateProblem, hasAllBirthParts, type BirthParts } from '../domain/birthdate.ts';
import { isCountryName } from '../domain/countries.ts';
import {
  callbackLanguages,
  contactMethods,
  scoreBands,
  supportCategories,
  type ContactMethod,
  type ScoreBand,
  type SupportCategory,
} from '../domain/support.ts';
import { endpoint } from './endpoint.ts';
import { personName, plainText } from './text.ts';

/*
 * Request contracts of the public forms. The server validates bodies with these schemas and the
 * browser forms use the same ones, so a message the server sends is one the client can translate:
 * every message is an English sentence that is also a key in locales/<lng>/validation-public.json.
 */

export const REQUIRED = 'Required';
export const NOT_TEXT = 'Must be text';
export const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A required string, trimmed before its length checks; a missing field says "Required". Control characters are refused (line breaks only with `multiLine`). */
export const requiredText = (max: number, { multiLine = false } = {}) =>
  plainText(
    z
      .string({ error: (issue) => (issue.input === undefined ? REQUIRED : NOT_TEXT) })
      .trim()
      .max(max, tooLong(max)),
    { multiLine },
  );

/** A required person's name: no control or text-direction characters. */
export const requiredName = (max: number) => personName(requiredText(max));

export const PHONE_INVALID = 'Please enter a valid phone number';
/** At least 5 characters of digits, spaces, brackets, dots or dashes, with an optional leading +. */
export const phoneSchema = requiredText(30)
  .min(5, PHONE_INVALID)
  .regex(/^(|\+?[0-9\s().-]+)$/, PHONE_INVALID);

/** A birthdate as "YYYY-MM-DD" that exists on the calendar, is not in the future and not before 1900. */
export const birthdateSchema = z.string({ error: NOT_TEXT }).superRefine((value, ctx) => {
  const problem = birthdateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The three birthday pickers of a form: each "" (not chosen) or a number as text. */
export const birthPartsSchema = {
  birthMonth: z.string().regex(/^(|[1-9]|1[0-2])$/),
  birthDay: z.string().regex(/^(|[1-9]|[12]\d|3[01])$/),
  birthYear: z.string().regex(/^(|\d{4})$/),
};

/** Form-level birthday rule: when all three parts are chosen, the date must be acceptable (message on the day picker). */
export function refineBirthParts(value: BirthParts, ctx: z.RefinementCtx) {
  if (!hasAllBirthParts(value)) return;
  const problem = birthdateProblem(assembleBirthdate(value)!);
  if (problem) ctx.addIssue({ code: 'custom', path: ['birthDay'], message: problem });
}

/* ---------------------------------------------------------------- WatchMoms */

export const WATCHMOMS_MESSAGES = {
  fullName: 'Name must be at least 2 characters',
  country: 'Country is required',
  countryUnknown: 'Please choose a country from the list',
  cityState: 'City & State/Province is required',
  churchAffiliation: 'Church affiliation is required',
  reasonForJoining: 'Please provide at least 20 characters',
  consent: 'You must consent to continue',
} as const;

const watchmomsFields = {
  fullName: requiredName(100).min(2, WATCHMOMS_MESSAGES.fullName),
  phone: phoneSchema,
  country: requiredText(100)
    .min(1, WATCHMOMS_MESSAGES.country)
    .refine((v) => v === '' || isCountryName(v), WATCHMOMS_MESSAGES.countryUnknown),
  cityState: requiredText(120).min(2, WATCHMOMS_MESSAGES.cityState),
  /** Optional; an empty value means none. */
  streetAddress: plainText(z.string({ error: NOT_TEXT }).trim().max(200, tooLong(200)), { multiLine: true }).optional(),
  churchAffiliation: requiredText(150).min(2, WATCHMOMS_MESSAGES.churchAffiliation),
  reasonForJoining: requiredText(2000, { multiLine: true }).min(20, WATCHMOMS_MESSAGES.reasonForJoining),
  consent: z
    .boolean({ error: (issue) => (issue.input === undefined ? REQUIRED : WATCHMOMS_MESSAGES.consent) })
    .refine((v) => v, WATCHMOMS_MESSAGES.consent),
};

/** A WatchMoms application's body (spec section 3). Unknown fields are refused. */
export const watchmomsApplicationBody = z.strictObject({ ...watchmomsFields, birthdate: birthdateSchema.optional() });
export type WatchmomsApplicationBody = z.infer<typeof watchmomsApplicationBody>;

/** The dialog's form: the same fields, with the birthday as three pickers. */
export const watchmomsForm = z
  .strictObject({
    ...watchmomsFields,
    streetAddress: plainText(z.string().trim().max(200, tooLong(200)), { multiLine: true }),
    ...birthPartsSchema,
  })
  .superRefine(refineBirthParts);
export type WatchmomsFormInput = z.input<typeof watchmomsForm>;
export type WatchmomsFormValues = z.output<typeof watchmomsForm>;

export const emptyWatchmomsForm: WatchmomsFormInput = {
  fullName: '',
  phone: '',
  birthMonth: '',
  birthDay: '',
  birthYear: '',
  country: '',
  cityState: '',
  streetAddress: '',
  churchAffiliation: '',
  reasonForJoining: '',
  consent: false,
};

/** The request body for valid form values: birthdate only when all three parts are chosen, no empty street address. */
export function toWatchmomsApplication(v: WatchmomsFormValues): WatchmomsApplicationBody {
  const { birthMonth, birthDay, birthYear, streetAddress, ...rest } = v;
  const birthdate = assembleBirthdate({ birthMonth, birthDay, birthYear });
  return { ...rest, ...(birthdate ? { birthdate } : {}), ...(streetAddress ? { streetAddress } : {}) };
}

/** Sent with every application; a repeated submission with the same key is stored once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Must be 16 to 100 letters, digits, dashes or underscores')
    .optional(),
});

export const createdResponse = z.object({ id: z.string() });
export type CreatedResponse = z.infer<typeof createdResponse>;

/* ---------------------------------------------------------------- Callback requests */

export const CALLBACK_MESSAGES = {
  category: 'Please choose a category',
  contactMethod: 'Please choose how we should contact you',
  voicemail: 'Please say whether we may leave a voicemail',
  language: 'Please choose a language',
  consent: 'Please agree that the support team may see your request',
  scoreBand: 'The score band must be green, yellow, red or unknown',
} as const;

/** The fields the person fills in besides their name and phone (decision 042). */
const callbackPreferences = {
  contactMethod: z.enum(contactMethods, { error: CALLBACK_MESSAGES.contactMethod }),
  /** False: never leave a message someone else could hear. */
  isVoicemailSafe: z.boolean({ error: CALLBACK_MESSAGES.voicemail }),
  /** A good time to reach them, in their words ("after 6 pm"); may be empty. */
  goodTime: plainText(z.string({ error: NOT_TEXT }).trim().max(100, tooLong(100))),
  language: z.enum(callbackLanguages, { error: CALLBACK_MESSAGES.language }),
  /** They read who sees the request (the support team) and agree: health data needs explicit consent (GDPR Art. 9(2)(a)). */
  consent: z.literal(true, { error: CALLBACK_MESSAGES.consent }),
};

/** A callback request's body. The requester's account (if any) comes from the session, never from here. */
export const callbackRequestBody = z.strictObject({
  name: requiredName(100).min(1, REQUIRED),
  phone: requiredText(30).min(1, REQUIRED),
  category: z.enum(supportCategories, { error: CALLBACK_MESSAGES.category }),
  /** The band of the Soul Health Check's results the request comes from (common/domain/soul-check.ts), 'unknown' from anywhere else. */
  scoreBand: z.enum(scoreBands, { error: CALLBACK_MESSAGES.scoreBand }).default('unknown'),
  ...callbackPreferences,
});
export type CallbackRequestBody = z.input<typeof callbackRequestBody>;

/** The callback form: category, way of contact and voicemail start unchosen (""), consent unticked. */
export const callbackForm = z.strictObject({
  name: requiredName(100).min(1, REQUIRED),
  phone: requiredText(30).min(1, REQUIRED),
  category: z
    .enum(supportCategories, { error: CALLBACK_MESSAGES.category })
    .or(z.literal(''))
    .refine((v) => v !== '', CALLBACK_MESSAGES.category),
  contactMethod: z
    .enum(contactMethods)
    .or(z.literal(''))
    .refine((v) => v !== '', CALLBACK_MESSAGES.contactMethod),
  voicemail: z
    .enum(['yes', 'no'])
    .or(z.literal(''))
    .refine((v) => v !== '', CALLBACK_MESSAGES.voicemail),
  goodTime: callbackPreferences.goodTime,
  language: callbackPreferences.language,
  consent: z.boolean().refine((v) => v, CALLBACK_MESSAGES.consent),
});
export type CallbackFormInput = z.input<typeof callbackForm>;

/** The request body for valid form values. */
export function toCallbackRequest(v: CallbackFormInput, scoreBand: ScoreBand): CallbackRequestBody {
  return {
    name: v.name,
    phone: v.phone,
    category: v.category as SupportCategory,
    scoreBand,
    contactMethod: v.contactMethod as ContactMethod,
    isVoicemailSafe: v.voicemail === 'yes',
    goodTime: v.goodTime,
    language: v.language,
    consent: true,
  };
}

/** The public forms' endpoints (docs/decisions/083): anyone may send them, signed in or not, a few times a minute. */
export const publicFormsApi = {
  /** A WatchMoms application: 201 when stored, 200 when the same Idempotency-Key was stored already. */
  watchmoms: endpoint('POST', '/api/watchmoms-applications', {
    body: watchmomsApplicationBody,
    headers: idempotencyHeaders,
    response: { 200: createdResponse, 201: createdResponse },
  }),
  /** A counselor callback request; the requester's account (if any) comes from the session. */
  callbackRequests: endpoint('POST', '/api/callback-requests', { body: callbackRequestBody, response: { 201: createdResponse } }),
};
