/**
 * Birthdays are chosen as three parts (month name, day 1-31, year) and sent as one
 * YYYY-MM-DD date, only when all three parts are chosen.
 */

/** How many birth years the pickers offer: the current year and the 99 before it. */
export const BIRTH_YEAR_CHOICES = 100;
/** The earliest year a birthdate may have (server-side bound; the pickers offer fewer). */
export const EARLIEST_BIRTH_YEAR = 1900;

export const birthMonths = Array.from({ length: 12 }, (_, i) => i + 1);
export const birthDays = Array.from({ length: 31 }, (_, i) => i + 1);

/** The years offered, newest first: this year and the 99 before it. */
export function birthYears(today: Date = new Date()): number[] {
  const year = today.getFullYear();
  return Array.from({ length: BIRTH_YEAR_CHOICES }, (_, i) => year - i);
}

/** True when year-month-day exists on the calendar (no 31 February, 29 February only in leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" for a date on the calendar. */
export const formatIsoDate = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

/** Today in the same "YYYY-MM-DD" form, so dates compare as strings. */
export const todayIso = (today: Date = new Date()) => formatIsoDate(today.getFullYear(), today.getMonth() + 1, today.getDate());

export interface BirthParts {
  /** "" when not chosen, else "1"-"12". */
  birthMonth: string;
  /** "" when not chosen, else "1"-"31". */
  birthDay: string;
  /** "" when not chosen, else a four-digit year. */
  birthYear: string;
}

export const hasAllBirthParts = (p: BirthParts) => p.birthMonth !== '' && p.birthDay !== '' && p.birthYear !== '';

/**
 * The date to send: "YYYY-MM-DD" (month and day zero-padded) when month, day and year are all
 * chosen, otherwise undefined (nothing is sent). The date is not checked here: see birthdateProblem.
 */
export function assembleBirthdate(p: BirthParts): string | undefined {
  if (!hasAllBirthParts(p)) return undefined;
  return formatIsoDate(Number(p.birthYear), Number(p.birthMonth), Number(p.birthDay));
}

export const BIRTHDATE_NOT_REAL = 'Please choose a date that exists';
export const BIRTHDATE_IN_FUTURE = 'Your birthday cannot be in the future';
export const BIRTHDATE_TOO_EARLY = `Please choose a year from ${EARLIEST_BIRTH_YEAR} on`;
export const BIRTHDATE_FORMAT = 'Use the form YYYY-MM-DD';

/** Why a "YYYY-MM-DD" birthdate is refused, or null when it is acceptable. */
export function birthdateProblem(iso: string, today: Date = new Date()): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return BIRTHDATE_FORMAT;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDate(year, month, day)) return BIRTHDATE_NOT_REAL;
  if (year < EARLIEST_BIRTH_YEAR) return BIRTHDATE_TOO_EARLY;
  if (iso > todayIso(today)) return BIRTHDATE_IN_FUTURE;
  return null;
}
