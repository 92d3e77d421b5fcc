/**
 * Safeguarding of minors in mentoring links (issue 25, docs/decisions/072): an adult holds a
 * mentoring link with a minor only while the ministry has approved them as a mentor of minors.
 * Ages come from the month and year of birth people gave; where that month leaves the age in doubt,
 * the answer is the one that asks for approval.
 */
import { ageFromBirthMonth } from './digital-consent.ts';

/** Under this age a person is a minor. */
export const ADULT_AGE = 18;
/** An approval lasts this many years unless the approver sets another expiry. */
export const APPROVAL_DEFAULT_YEARS = 3;
/** The renewal reminder is mailed this many days before an approval expires. */
export const APPROVAL_REMINDER_DAYS = 30;
/** A concern nobody opened is overdue (and mailed to every admin) after this many hours. */
export const CONCERN_OVERDUE_HOURS = 24;
export { APPROVAL_RETENTION_YEARS, CONCERN_RETENTION_YEARS } from './privacy.ts';

export interface BirthMonth {
  birthYear: number | null;
  birthMonth: number | null;
}

/**
 * Whether someone may be under 18. Without a day, the birthday month itself counts as not reached
 * yet (ageFromBirthMonth), so someone turning 18 this month is still treated as a minor. Nobody
 * without a birth month given is taken for a minor (accounts made before birth months were asked).
 */
export function isPossiblyMinor(p: BirthMonth, today: Date = new Date()): boolean {
  if (p.birthYear === null || p.birthMonth === null) return false;
  return ageFromBirthMonth(p.birthYear, p.birthMonth, today) < ADULT_AGE;
}

/**
 * Whether someone may be 18 or older: the birthday month counts as reached. A person without a
 * birth month is taken for an adult, so a link between them and a minor asks for approval.
 */
export function isPossiblyAdult(p: BirthMonth, today: Date = new Date()): boolean {
  if (p.birthYear === null || p.birthMonth === null) return true;
  return ageFromBirthMonth(p.birthYear, p.birthMonth, today) + 1 >= ADULT_AGE;
}

/**
 * Which of the two people in a mentoring link must hold an approval: the adult of an adult-minor
 * pair (whichever of the two mentors), or null for peers (two minors, two adults). When each could
 * be the adult (both in doubt), both must.
 */
export function adultsNeedingApproval<T extends BirthMonth>(mentor: T, disciple: T, today: Date = new Date()): T[] {
  const out: T[] = [];
  if (isPossiblyAdult(mentor, today) && isPossiblyMinor(disciple, today)) out.push(mentor);
  if (isPossiblyAdult(disciple, today) && isPossiblyMinor(mentor, today)) out.push(disciple);
  return out;
}

/** The default expiry of an approval given on `from`: three years later. */
export function defaultApprovalExpiry(from: Date = new Date()): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + APPROVAL_DEFAULT_YEARS);
  return d;
}

/** Why a mentoring link is paused; the mentor is never told which. */
export const linkPauseReasons = ['approval', 'concern'] as const;
export type LinkPauseReason = (typeof linkPauseReasons)[number];

/** A concern's state as the person who raised it sees it. */
export const concernStatuses = ['received', 'in_review', 'closed'] as const;
export type ConcernStatus = (typeof concernStatuses)[number];

/** Who raised a concern: a signed-in person, a parent from their mailed link, or anyone on the public page. */
export const concernSources = ['member', 'parent', 'public'] as const;
export type ConcernSource = (typeof concernSources)[number];
