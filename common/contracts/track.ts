import { z } from 'zod';

import { calendarDate } from './challenge.ts';
import { langQuery, scripture } from './course.ts';

/**
 * The 7-day new-believer track (issue 27, docs/decisions/074): a second course, of kind `track`.
 * Its texts and the learner's days are two reads, both kept for offline use; what is open is
 * computed from them with common/domain/track.ts, on the server and in the browser alike.
 */

export const trackDayText = z.object({
  day: z.number().int(),
  title: z.string(),
  passage: scripture,
  explanation: z.string(),
  prayer: z.string(),
  action: z.string(),
  question: z.string(),
  /** One question, no pass mark: the right option and the feedback are shown once the learner answered. */
  check: z.object({ question: z.string(), options: z.array(z.string()), answer: z.number().int(), feedback: z.string() }),
});
export type TrackDayText = z.infer<typeof trackDayText>;

/** GET /api/track/content?lang=: the track's texts (the same for everyone). */
export const trackContent = z.object({
  courseId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  days: z.array(trackDayText),
});
export type TrackContent = z.infer<typeof trackContent>;

export const trackDayDone = z.object({
  day: z.number().int(),
  /** The learner's calendar day it was done on. */
  doneOn: z.string(),
  /** The option picked in the check. */
  answer: z.number().int(),
});
export type TrackDayDone = z.infer<typeof trackDayDone>;

export const trackPace = z.object({
  nextDay: z.number().int().nullable(),
  isNextOpen: z.boolean(),
  opensOn: z.string().nullable(),
  isComplete: z.boolean(),
  streak: z.object({ days: z.number().int(), isTodayDone: z.boolean(), graceDays: z.array(z.string()), isGraceAvailable: z.boolean() }),
});

/**
 * GET /api/track: the signed-in learner's own days done and whether they skipped the track; with
 * `?today=` also the pace on that day (common/domain/track.ts). The app asks without `today` (one
 * copy kept for offline use) and computes the pace itself.
 */
export const trackState = z.object({
  courseId: z.string(),
  totalDays: z.number().int(),
  days: z.array(trackDayDone),
  isSkipped: z.boolean(),
  pace: z.nullable(trackPace),
});
export const trackStateQuery = z.strictObject({ today: z.optional(calendarDate) });
export type TrackState = z.infer<typeof trackState>;

export const trackDayParams = z.strictObject({
  day: z.coerce.number('must be a day number').int('must be a whole number').min(1, 'must be from 1 to 7').max(7, 'must be from 1 to 7'),
});

/** POST /api/track/days/:day: the day is done on `date` (the learner's today, or a day within the 48-hour catch-up when sent late from offline). */
export const trackDayBody = z.strictObject({
  date: calendarDate,
  answer: z
    .number('must be an option number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(9, 'must be an option of the check'),
});
export type TrackDayBody = z.infer<typeof trackDayBody>;

/** PUT /api/track/skip: skip the track (the dashboard then leads to the 8-week course) or take it up again. */
export const trackSkipBody = z.strictObject({ isSkipped: z.boolean('must be true or false') });
export type TrackSkipBody = z.infer<typeof trackSkipBody>;

export const trackQuery = langQuery;

export const trackRoutes = {
  state: '/api/track',
  content: '/api/track/content',
  day: '/api/track/days/:day',
  skip: '/api/track/skip',
} as const;

export const trackPaths = {
  state: '/api/track',
  content: '/api/track/content',
  day: (day: number) => `/api/track/days/${day}`,
  skip: '/api/track/skip',
} as const;

/** The client's pages of the track. */
export const trackPagePaths = {
  track: '/track',
  day: (day: number) => `/track/day/${day}`,
  done: '/track/done',
} as const;
