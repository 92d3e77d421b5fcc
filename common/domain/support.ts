/** The counselor support block: categories, score bands, support ambassadors and how a callback request reaches the person (the crisis lines are in crisis-lines.ts). */

export const supportCategories = ['spiritual', 'mental', 'emotional', 'financial'] as const;
export type SupportCategory = (typeof supportCategories)[number];

/** How worrying a self-assessment looked; 'unknown' when the request did not come from one. */
export const scoreBands = ['green', 'yellow', 'red', 'unknown'] as const;
export type ScoreBand = (typeof scoreBands)[number];

/** The priority rule: a mental-health request in the red or yellow band. */
export const PRIORITY_CATEGORY: SupportCategory = 'mental';
export const PRIORITY_BANDS: readonly ScoreBand[] = ['red', 'yellow'];

/** A request the team calls back first (the admin inbox lists it first, built from the same constants). */
export const isPriorityRequest = (category: SupportCategory | undefined, band: ScoreBand) =>
  category === PRIORITY_CATEGORY && PRIORITY_BANDS.includes(band);

/**
 * A request the staff are mailed about at once rather than in the 8:00 digest, to be answered within
 * a day: any mental-health request, and any request from the red or yellow band (issue 9, flow 4).
 * Wider than the priority rule above, which only orders the inbox.
 */
export const isUrgentRequest = (category: SupportCategory, band: ScoreBand) => category === 'mental' || band === 'red' || band === 'yellow';

export const URGENT_DEADLINE_HOURS = 24;
export const STANDARD_DEADLINE_HOURS = 48;

/** Hours a request may stay `new` before it is overdue (the admin inbox marks it, the admins are mailed). */
export const callbackDeadlineHours = (category: SupportCategory, band: ScoreBand) =>
  isUrgentRequest(category, band) ? URGENT_DEADLINE_HOURS : STANDARD_DEADLINE_HOURS;

/** The crisis hotlines card shows when forced, or for a priority request. */
export function shouldShowHotlines({
  forced = false,
  category,
  band,
}: {
  forced?: boolean;
  category: SupportCategory | undefined;
  band: ScoreBand;
}): boolean {
  return forced || isPriorityRequest(category, band);
}

export interface SupportAmbassador {
  id: string;
  category: SupportCategory;
  /** Key of the ambassador's title and description in the `public` locale files (support.ambassadors.<key>). */
  key: string;
}

/** The 5 support ambassadors: one spiritual, two mental, one emotional, one financial. */
export const supportAmbassadors: readonly SupportAmbassador[] = [
  { id: 'amb-spiritual', category: 'spiritual', key: 'prayer' },
  { id: 'amb-mental-1', category: 'mental', key: 'anxiety' },
  { id: 'amb-mental-2', category: 'mental', key: 'mood' },
  { id: 'amb-emotional', category: 'emotional', key: 'relationships' },
  { id: 'amb-financial', category: 'financial', key: 'money' },
];

/** Ambassadors for a category, or all of them before one is chosen. */
export const ambassadorsFor = (category: SupportCategory | undefined) =>
  category ? supportAmbassadors.filter((a) => a.category === category) : [...supportAmbassadors];

/** How the person wants the team to get in touch. */
export const contactMethods = ['call', 'sms', 'whatsapp'] as const;
export type ContactMethod = (typeof contactMethods)[number];

/** Languages a callback can be asked in (BCP 47 codes; names shown in the reader's language). */
export const callbackLanguages = ['en', 'fr', 'es', 'pt', 'ar', 'sw', 'ln'] as const;
export type CallbackLanguage = (typeof callbackLanguages)[number];
