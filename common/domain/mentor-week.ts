/**
 * Rules of the mentor's week and of encouragement mails (issue 12 "The mentor's week", issue 9
 * flows 6-7). The server's queries apply the day counts; the order is decided here.
 */

/** A learner with no activity for this many days is stalled. */
export const STALLED_DAYS = 7;
/** Failing the same quiz this many times (not passed since) asks for the mentor's help. */
export const FAILED_TWICE = 2;
/** A mentor may encourage each disciple once per this many days. */
export const MENTOR_ENCOURAGEMENT_DAYS = 7;
/** Automatic encouragement: after this many days without opening a lesson, at most once per this many days. */
export const AUTO_ENCOURAGEMENT_DAYS = 7;
/** Automatic encouragement mails in a row without any activity between them, then they stop. */
export const AUTO_ENCOURAGEMENT_MAX_IN_A_ROW = 3;

export const DAY_MS = 86_400_000;

export interface WeekFlags {
  id: string;
  firstName: string | null;
  lastName: string | null;
  lastActivityAt: string | null;
  isStalled: boolean;
  failedTwiceWeek: number | null;
  finishedWeek: number | null;
  isCourseCompleted: boolean;
}

/**
 * Lower comes first: stalled and stuck on a quiz, then stuck on a quiz, then stalled, then a week
 * just finished (worth a word of congratulation), then everyone else, and those who completed the
 * course last.
 */
export function attentionRank(d: WeekFlags): number {
  if (d.isStalled && d.failedTwiceWeek !== null) return 0;
  if (d.failedTwiceWeek !== null) return 1;
  if (d.isStalled) return 2;
  if (d.finishedWeek !== null) return 3;
  if (!d.isCourseCompleted) return 4;
  return 5;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Who needs attention first; within a rank, the longest silent first (never active before anyone), then by name. */
export function sortByAttention<T extends WeekFlags>(disciples: readonly T[]): T[] {
  const time = (d: T) => (d.lastActivityAt === null ? -Infinity : Date.parse(d.lastActivityAt));
  return [...disciples].sort(
    (a, b) =>
      attentionRank(a) - attentionRank(b) ||
      time(a) - time(b) ||
      byName.compare(a.firstName ?? '\uffff', b.firstName ?? '\uffff') ||
      byName.compare(a.lastName ?? '\uffff', b.lastName ?? '\uffff') ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Whole days between two instants, rounded down (0 for the same day). */
export const daysBetween = (from: Date | string, to: Date | string) =>
  Math.max(0, Math.floor((new Date(to).getTime() - new Date(from).getTime()) / DAY_MS));
