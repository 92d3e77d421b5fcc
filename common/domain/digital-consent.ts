/**
 * The age of digital consent (GDPR Art. 8 and national laws; COPPA in the United States): below it
 * a parent must agree before the app keeps a young person's data. Sources: docs/decisions/041.
 */
export const ageOfDigitalConsentByCountry: Readonly<Record<string, number>> = {
  FR: 15,
  DE: 16,
  IE: 16,
  NL: 16,
  BE: 13,
  DK: 13,
  US: 13,
  CA: 13,
};
/** For every other country: the GDPR's own default, the highest age in the table. */
export const DEFAULT_AGE_OF_DIGITAL_CONSENT = 16;
/** A birth month further back than this many years is refused as a typing mistake. */
export const MAX_AGE_YEARS = 120;

export const ageOfDigitalConsent = (country: string): number => ageOfDigitalConsentByCountry[country.toUpperCase()] ?? DEFAULT_AGE_OF_DIGITAL_CONSENT;

/**
 * Age in whole years from a birth month. Without the day, the birthday month itself counts as not
 * reached yet: someone born in November 2011 is 14 for all of November 2026 and 15 from December.
 * So nobody is taken for older than they are (the parental rule errs on the safe side).
 */
export function ageFromBirthMonth(birthYear: number, birthMonth: number, today: Date = new Date()): number {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return year - birthYear - (month <= birthMonth ? 1 : 0);
}

export const BIRTH_MONTH_IN_FUTURE = 'Your month of birth cannot be in the future';
export const BIRTH_MONTH_TOO_EARLY = `Please check your year of birth: more than ${MAX_AGE_YEARS} years ago`;

/** Why a month of birth is refused (in the future, or more than 120 years ago), or null. */
export function birthMonthProblem(birthYear: number, birthMonth: number, today: Date = new Date()): string | null {
  const months = (birthYear * 12 + birthMonth - 1);
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (months > now) return BIRTH_MONTH_IN_FUTURE;
  if (months < now - MAX_AGE_YEARS * 12) return BIRTH_MONTH_TOO_EARLY;
  return null;
}

/** True when a parent must agree first: the person is younger than their country's age of digital consent. */
export const needsParentalConsent = (birthYear: number, birthMonth: number, country: string, today: Date = new Date()): boolean =>
  ageFromBirthMonth(birthYear, birthMonth, today) < ageOfDigitalConsent(country);
