import { z } from 'zod';

import { calendarDate } from './challenge.ts';
import { langQuery, scripture } from './course.ts';
import { endpoint } from './endpoint.ts';

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

/** The track's texts (the same for everyone), per language. */
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
 * The track's state: the signed-in learner's own days done and whether they skipped the track; with
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

/** A day of the track done: the day is done on `date` (the learner's today, or a day within the 48-hour catch-up when sent late from offline). */
export const trackDayBody = z.strictObject({
  date: calendarDate,
  answer: z
    .number('must be an option number')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(9, 'must be an option of the check'),
});
export type TrackDayBody = z.infer<typeof trackDayBody>;

/** Skipping the track: skip it (the dashboard then leads to the 8-week course) or take it up again. */
export const trackSkipBody = z.strictObject({ isSkipped: z.boolean('must be true or false') });
export type TrackSkipBody = z.infer<typeof trackSkipBody>;

export const trackQuery = langQuery;

/** The track's endpoints (docs/decisions/083): each needs a signed-in user and names no other user (an extra field is a 400). */
export const trackApi = {
  /** The track's texts in one language, the same for everyone. */
  content: endpoint('GET', '/api/track/content', { query: trackQuery, response: { 200: trackContent } }),
  /** The signed-in learner's own days done and whether they skipped the track (the pace too with `?today=`). */
  state: endpoint('GET', '/api/track', { query: trackStateQuery, response: { 200: trackState } }),
  /** A day done; one done offline and sent again (or twice from two devices) is stored once. */
  day: endpoint('POST', '/api/track/days/:day', { params: trackDayParams, body: trackDayBody, response: { 200: trackState } }),
  /** Skip the track, or take it up again. */
  skip: endpoint('PUT', '/api/track/skip', { body: trackSkipBody, response: { 200: trackState } }),
};

/** The client's pages of the track. */
export const trackPagePaths = {
  track: '/track',
  day: (day: number) => `/track/day/${day}`,
  done: '/track/done',
} as const;
