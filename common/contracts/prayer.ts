import { z } from 'zod';

import { isInQuietHours, isTimeZone, MINUTE_STEP, prayerSessions } from '../domain/prayer.ts';
import { endpoint } from './endpoint.ts';

/** The Pray page and the prayer rhythm's settings (issue 27, docs/decisions/075). */

const minute = z
  .number('must be a time of day in minutes')
  .int('must be a whole number of minutes')
  .min(0, 'must be 00:00 or later')
  .max(24 * 60 - 1, 'must be 23:59 or earlier');
// Pure: built on another schema (not `z.…`), so the bundler is told it has no side effects (decision 078).
const reminderMinute = /* @__PURE__ */ minute.refine(
  (m) => m % MINUTE_STEP === 0,
  `must be on a ${MINUTE_STEP}-minute step (e.g. 07:30, 07:35)`,
);
export const timeZoneSchema = z.string().trim().max(64, 'is too long').refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris');

const sessionReminder = z.strictObject({ isOn: z.boolean(), minute: reminderMinute });

/** Which reminders a person gets, when, and the hours no mail is sent, all in their time zone. */
export const prayerReminders = z.strictObject({
  timeZone: timeZoneSchema,
  morning: sessionReminder,
  midday: sessionReminder,
  evening: sessionReminder,
  /** A mail an hour before each prayer night. */
  nights: z.boolean(),
  quietStart: reminderMinute,
  quietEnd: reminderMinute,
});
export type PrayerReminders = z.infer<typeof prayerReminders>;

/** Saving the reminders: a chosen session in quiet hours would never be mailed, so it is refused. */
export const updatePrayerRemindersBody = /* @__PURE__ */ prayerReminders.superRefine((r, ctx) => {
  for (const s of prayerSessions)
    if (r[s].isOn && isInQuietHours(r[s].minute, r.quietStart, r.quietEnd))
      ctx.addIssue({
        code: 'custom',
        path: [s, 'minute'],
        message: 'is in your quiet hours: choose another time or change your quiet hours',
      });
});

export const prayerState = z.object({
  /** Where the prayer nights' 20:00 is (MINISTRY_TIME_ZONE). */
  ministryTimeZone: z.string(),
  /** Null until the person first saves reminders or makes a calendar link: the page then uses the device's time zone and the defaults. */
  reminders: prayerReminders.nullable(),
  /** The private calendar link, when one exists (its address is shown only when it is made). */
  calendar: z.object({ createdAt: z.string() }).nullable(),
});
export type PrayerState = z.infer<typeof prayerState>;

export const createPrayerCalendarBody = z.strictObject({
  /** The device's time zone, used for the daily sessions when no reminders were saved yet. */
  timeZone: timeZoneSchema,
});
/** The subscription address, shown this once: only a hash of its secret is kept. */
export const prayerCalendarLink = z.object({ url: z.string(), createdAt: z.string() });
export type PrayerCalendarLink = z.infer<typeof prayerCalendarLink>;

export const prayerDownloadQuery = z.strictObject({ timeZone: timeZoneSchema.optional() });

/** The secret of a subscription address: 43 base64url characters, ".ics" allowed after it for calendar apps that want it. */
export const prayerFeedParams = z.strictObject({
  token: z
    .string()
    .max(60, 'This calendar link is not valid')
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, 'This calendar link is not valid'),
});

/** The prayer rhythm's endpoints (docs/decisions/083): the settings are the signed-in person's own. */
export const prayerApi = {
  /** No query parameters: always the signed-in person's own state. */
  state: endpoint('GET', '/api/prayer', { query: z.strictObject({}), response: { 200: prayerState } }),
  saveReminders: endpoint('PUT', '/api/prayer/reminders', { body: updatePrayerRemindersBody, response: { 200: prayerState } }),
  /** Makes (or renews) the private subscription link; the older one stops working. */
  createCalendar: endpoint('POST', '/api/prayer/calendar', { body: createPrayerCalendarBody, response: { 200: prayerCalendarLink } }),
  /** Revokes the private subscription link. */
  revokeCalendar: endpoint('DELETE', '/api/prayer/calendar', { response: { 204: z.null() } }),
  /** The signed-in person's calendar as a file. */
  download: endpoint('GET', '/api/prayer/calendar.ics', { query: prayerDownloadQuery }),
  /** Public, the subscription address: no session, the secret is the credential. */
  feed: endpoint('GET', '/api/prayer/feed/:token', { params: prayerFeedParams }),
  /** Public: the prayer nights alone, for anyone (the WatchMoms mothers have no account). */
  nights: endpoint('GET', '/api/prayer/nights.ics', { query: z.strictObject({ lang: z.enum(['en', 'fr']).default('en') }) }),
};
