import { z } from 'zod';

import { isCalendarDate } from '../domain/streak.ts';
import { endpoint } from './endpoint.ts';

/**
 * The learner's 21-day challenge ticks and lesson sections read, kept in the browser and synced
 * with the server (issue 12, docs/decisions/043). Each mark is merged per day or per section:
 * the later `changedAt` wins, and a tick wins a tie.
 */

/** A calendar day in the learner's own time zone. */
export const calendarDate = z.string().refine(isCalendarDate, 'must be a date as YYYY-MM-DD');

/** The number of days of the challenge (the content has exactly this many). */
export const CHALLENGE_DAYS = 21;

const changedAt = z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' });

export const challengeDayMark = z.strictObject({
  /** 1-21. */
  day: z
    .number('must be a day number')
    .int('must be a whole number')
    .min(1, 'must be from 1 to 21')
    .max(CHALLENGE_DAYS, 'must be from 1 to 21'),
  isDone: z.boolean('must be true or false'),
  /** The learner's calendar day the tick counts for: today, or a missed day caught up within 48 hours. */
  date: calendarDate,
  /** When the learner made the change (their clock), for last-write-wins. */
  changedAt,
});
export type ChallengeDayMark = z.infer<typeof challengeDayMark>;

export const sectionMark = z.strictObject({
  lessonId: z.uuid('must be a lesson id (a UUID)'),
  /** 0-based index into the lesson's teaching sections. */
  section: z.number('must be a section number').int('must be a whole number').min(0, 'must be 0 or more').max(99, 'must be at most 99'),
  isRead: z.boolean('must be true or false'),
  date: calendarDate,
  changedAt,
});
export type SectionMark = z.infer<typeof sectionMark>;

export const challengeQuery = z.strictObject({
  courseId: z.uuid('must be a course id (a UUID)'),
  /** The learner's today, for the streak; the server's UTC date when absent. */
  today: z.optional(calendarDate),
});
export type ChallengeQuery = z.infer<typeof challengeQuery>;

/** Marks changed in the browser since the last sync (at most one per day and per section). */
export const challengeSyncBody = z.strictObject({
  courseId: z.uuid('must be a course id (a UUID)'),
  today: z.optional(calendarDate),
  days: z.array(challengeDayMark, 'must be a list of days').max(CHALLENGE_DAYS, 'has more than 21 days').default([]),
  sections: z.array(sectionMark, 'must be a list of sections').max(500, 'has too many sections').default([]),
});
export type ChallengeSyncBody = z.input<typeof challengeSyncBody>;

export const streak = z.object({
  /** Days with activity in the current run. */
  days: z.number().int(),
  isTodayDone: z.boolean(),
  /** Missed days the run forgave (one in any 7 days), newest first. */
  graceDays: z.array(z.string()),
  isGraceAvailable: z.boolean(),
});
export type StreakState = z.infer<typeof streak>;

/** Everything stored for the learner in this course, unticked marks included (they carry their time). */
export const challengeState = z.object({
  courseId: z.string(),
  today: z.string(),
  days: z.array(challengeDayMark),
  sections: z.array(sectionMark),
  /** Days with a tick or a section read, oldest first. */
  activeDates: z.array(z.string()),
  streak,
});
export type ChallengeState = z.infer<typeof challengeState>;

/** The challenge's endpoints (docs/decisions/083): the signed-in learner's own marks; the query and body name no user (an extra field is a 400). */
export const challengeApi = {
  /** The learner's ticks and sections read in a course, and their streak. */
  challenge: endpoint('GET', '/api/challenge', { query: challengeQuery, response: { 200: challengeState } }),
  /** Marks changed in the browser, merged; sending the same marks again (a retry, a second sync) changes nothing. */
  sync: endpoint('PUT', '/api/challenge', { body: challengeSyncBody, response: { 200: challengeState } }),
};
