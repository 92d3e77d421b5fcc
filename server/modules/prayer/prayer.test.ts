import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';

import type { PrayerReminders } from '#common/contracts/prayer.ts';
import { createTestApp, expectValidationFailed, signedInUser } from '#test/app.ts';
import { startTestSmtp, type ReceivedMail } from '#test/smtp.ts';

import { PRAYER_REMINDER_QUEUE } from './prayer-reminders.ts';

const smtp = await startTestSmtp();
afterAll(async () => smtp.stop());
const logLines: string[] = [];
const app = await createTestApp({
  env: { SMTP_URL: smtp.url, MINISTRY_TIME_ZONE: 'Europe/Paris', PUBLIC_URL: 'https://god.test', LOG_LEVEL: 'info' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
  logLines,
});

const reminders = (over: Partial<PrayerReminders> = {}): PrayerReminders => ({
  timeZone: 'America/New_York',
  morning: { isOn: false, minute: 450 },
  midday: { isOn: false, minute: 750 },
  evening: { isOn: false, minute: 1230 },
  nights: false,
  quietStart: 21 * 60,
  quietEnd: 7 * 60,
  ...over,
});
const save = (cookie: string, body: unknown) =>
  app.inject({ method: 'PUT', url: '/api/prayer/reminders', headers: { cookie }, payload: body as object });
const pathOf = (url: string) => new URL(url).pathname;

/** The calendar as ical.js reads it, its time zones registered so that occurrences come out as instants. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { calendar, events, zones: calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')) };
}

/** The event's first occurrence at or after `from`, as an ISO instant. */
function nextOccurrence(event: ICAL.Event, from: Date): string {
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) {
    const at = next.toJSDate();
    if (at >= from) return at.toISOString();
  }
  throw new Error('no occurrence');
}

describe('the prayer calendar (issue 27, docs/decisions/075)', () => {
  it("serves a private feed without a session that parses as iCalendar, with the sessions in the person's time zone and the nights in the ministry's", async () => {
    const { user, cookie } = await signedInUser(app, { locale: 'fr', firstName: 'Inès' });
    expect((await save(cookie, reminders({ morning: { isOn: true, minute: 7 * 60 + 30 } }))).statusCode).toBe(200);
    const made = await app.inject({
      method: 'POST',
      url: '/api/prayer/calendar',
      headers: { cookie },
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(made.statusCode).toBe(200);
    const { url } = made.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/god\.test\/api\/prayer\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only a hash of the secret is kept.
    const stored = await app.db.execute<{ calendar_token_hash: string }>(
      sql`select calendar_token_hash from prayer_settings where user_id = ${user.id}`,
    );
    expect(url).not.toContain(stored.rows[0]!.calendar_token_hash);
    const state = await app.inject({ method: 'GET', url: '/api/prayer', headers: { cookie } });
    expect(state.json()).toMatchObject({
      ministryTimeZone: 'Europe/Paris',
      calendar: { createdAt: expect.any(String) },
      reminders: { timeZone: 'America/New_York' },
    });
    expect(state.body).not.toContain(pathOf(url).split('/').pop()!.replace('.ics', ''));

    const feed = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-store');
    // RFC 5545: CRLF line ends, no line longer than 75 octets (long French descriptions are folded).
    const lines = feed.body.split('\r\n');
    expect(feed.body.replace(/\r\n/g, '')).not.toContain('\n');
    expect(lines.filter((l) => Buffer.byteLength(l) > 75)).toEqual([]);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);

    const { calendar, events, zones } = parseCalendar(feed.body);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(zones.sort()).toEqual(['America/New_York', 'Europe/Paris']);
    const byTitle = new Map(events.map((e) => [e.summary, e]));
    expect([...byTitle.keys()].sort()).toEqual(['Pause de midi', 'Prière du matin', 'Prière du soir', 'Soirée de prière']);
    // Text escaping round-trips: the description comes back with its commas, quotes and line breaks.
    const morning = byTitle.get('Prière du matin')!;
    expect(morning.description).toContain('«\u00a0Éternel, dès le matin daigne entendre ma voix\u00a0; Dès le matin');
    expect(morning.description).toContain('\n\nBonjour, Père.');
    expect(morning.description).toContain('https://god.test/pray');
    expect(morning.startDate.zone?.tzid).toBe('America/New_York');
    expect(morning.component.getFirstPropertyValue('rrule')!.toString()).toBe('FREQ=DAILY');
    // 07:30 in New York: 12:30 UTC in winter, 11:30 UTC in summer.
    expect(nextOccurrence(morning, new Date('2026-12-10T00:00:00Z'))).toBe('2026-12-10T12:30:00.000Z');
    expect(nextOccurrence(morning, new Date('2027-07-10T00:00:00Z'))).toBe('2027-07-10T11:30:00.000Z');
    // Prayer nights: Monday and Thursday at 20:00 in Paris, 19:00 UTC in winter and 18:00 UTC in summer.
    const nights = byTitle.get('Soirée de prière')!;
    expect(nights.startDate.zone?.tzid).toBe('Europe/Paris');
    expect(nextOccurrence(nights, new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-03T19:00:00.000Z'); // Thursday
    expect(nextOccurrence(nights, new Date('2026-12-04T00:00:00Z'))).toBe('2026-12-07T19:00:00.000Z'); // Monday
    expect(nextOccurrence(nights, new Date('2027-06-01T00:00:00Z'))).toBe('2027-06-03T18:00:00.000Z');
    expect(nights.duration.toSeconds()).toBe(3600);

    // The copy of one's own data holds the settings, not the secret or its hash.
    const copy = await app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie } });
    expect(copy.statusCode).toBe(200);
    expect(copy.json().prayerRhythm).toMatchObject({
      timeZone: 'America/New_York',
      remindMorning: true,
      morningMinute: 450,
      hasCalendarLink: true,
    });
    expect(copy.body).not.toContain(stored.rows[0]!.calendar_token_hash);
    expect(Object.keys(copy.json().prayerRhythm).filter((k) => /hash|token|secret/i.test(k))).toEqual([]);

    // The secret never reaches the log: the line names the route pattern.
    const secret = pathOf(url).split('/').pop()!.replace('.ics', '');
    expect(logLines.some((l) => l.includes('/api/prayer/feed/:token'))).toBe(true);
    expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('stops working once renewed or revoked, with a 404', async () => {
    const { cookie } = await signedInUser(app);
    const make = async () =>
      (
        await app.inject({ method: 'POST', url: '/api/prayer/calendar', headers: { cookie }, payload: { timeZone: 'Europe/London' } })
      ).json<{
        url: string;
      }>().url;
    const first = await make();
    expect((await app.inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(200);
    const second = await make();
    const old = await app.inject({ method: 'GET', url: pathOf(first) });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'LINK_INVALID' });
    // The same secret without ".ics" is the same link.
    expect((await app.inject({ method: 'GET', url: pathOf(second).replace(/\.ics$/, '') })).statusCode).toBe(200);

    const revoked = await app.inject({ method: 'DELETE', url: '/api/prayer/calendar', headers: { cookie } });
    expect(revoked.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: pathOf(second) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/prayer', headers: { cookie } })).json()).toMatchObject({ calendar: null });
    // A malformed secret is a 400 that says so, not a lookup.
    expect((await app.inject({ method: 'GET', url: '/api/prayer/feed/short' })).statusCode).toBe(400);
  });

  it('gives the signed-in person the file, and anyone the prayer nights alone', async () => {
    const { cookie } = await signedInUser(app);
    const file = await app.inject({ method: 'GET', url: `/api/prayer/calendar.ics?timeZone=Africa/Douala`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="prayer-rhythm.ics"');
    const mine = parseCalendar(file.body);
    expect(mine.zones).toHaveLength(2);
    expect(mine.zones).toContain('Europe/Paris');
    const morning = mine.events.find((e) => e.summary === 'Morning prayer')!;
    // 07:30 in Douala (UTC+1 all year).
    expect(nextOccurrence(morning, new Date('2027-07-10T00:00:00Z'))).toBe('2027-07-10T06:30:00.000Z');

    const nights = await app.inject({ method: 'GET', url: `/api/prayer/nights.ics?lang=fr` });
    expect(nights.statusCode).toBe(200);
    const parsed = parseCalendar(nights.body);
    expect(parsed.events.map((e) => e.summary)).toEqual(['Soirée de prière']);
    expect(parsed.zones).toEqual(['Europe/Paris']);
  });

  it('refuses a reminder in quiet hours, an unknown time zone and a time off the 5-minute grid', async () => {
    const { cookie } = await signedInUser(app);
    expectValidationFailed(
      await save(cookie, reminders({ evening: { isOn: true, minute: 22 * 60 } })),
      'evening.minute',
      'is in your quiet hours: choose another time or change your quiet hours',
    );
    expectValidationFailed(
      await save(cookie, reminders({ timeZone: 'Mars/Olympus' })),
      'timeZone',
      'must be an IANA time zone such as Europe/Paris',
    );
    expectValidationFailed(
      await save(cookie, reminders({ morning: { isOn: true, minute: 451 } })),
      'morning.minute',
      'must be on a 5-minute step (e.g. 07:30, 07:35)',
    );
    // Turned off, a time in quiet hours is kept (it is never mailed).
    expect((await save(cookie, reminders({ evening: { isOn: false, minute: 22 * 60 } }))).statusCode).toBe(200);
  });

  it('keeps nothing for an account whose parent has not agreed yet (decision 062)', async () => {
    const { cookie } = await signedInUser(app, { consentStatus: 'pending_parent' });
    const saved = await save(cookie, reminders({ morning: { isOn: true, minute: 450 } }));
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({ code: 'PARENT_CONSENT_PENDING' });
    expect(
      (await app.inject({ method: 'POST', url: '/api/prayer/calendar', headers: { cookie }, payload: { timeZone: 'Europe/Paris' } }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/prayer', headers: { cookie } })).json()).toMatchObject({
      reminders: null,
      calendar: null,
    });
  });
});

const list = (m: ReceivedMail) => m.headers.get('list') as { unsubscribe: { url: string } };
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('prayer reminders by mail', () => {
  it("arrive at the chosen times in the person's time zone, once, never in quiet hours, and stop after one-click unsubscribe", async () => {
    const { user, cookie } = await signedInUser(app, { firstName: 'Tomo' });
    const { user: paris, cookie: parisCookie } = await signedInUser(app, { firstName: 'Paul', locale: 'fr' });
    // Tokyo: morning at 06:45 is refused (quiet until 07:00), 07:30 is fine; prayer nights too (they fall at 03:00 or 04:00 there).
    expect((await save(cookie, reminders({ timeZone: 'Asia/Tokyo', morning: { isOn: true, minute: 6 * 60 + 45 } }))).statusCode).toBe(400);
    expect(
      (
        await save(
          cookie,
          reminders({
            timeZone: 'Asia/Tokyo',
            morning: { isOn: true, minute: 7 * 60 + 30 },
            evening: { isOn: true, minute: 20 * 60 + 30 },
            nights: true,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await save(parisCookie, reminders({ timeZone: 'Europe/Paris', nights: true }))).statusCode).toBe(200);

    // Thursday 3 December 2026. 07:00 in Tokyo (22:00 UTC the day before): nothing yet.
    expect(await app.prayerReminders.sendDue(new Date('2026-12-02T22:00:00Z'))).toBe(0);
    // 07:32 in Tokyo: the morning prayer.
    expect(await app.prayerReminders.sendDue(new Date('2026-12-02T22:32:00Z'))).toBe(1);
    const morning = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith('Morning prayer'));
    expect(morning.subject).toBe('Morning prayer: a few minutes with God');
    expect(morning.text).toContain('Hi Tomo,');
    expect(morning.text).toContain(
      '“In the morning, O LORD, You hear my voice; at daybreak I lay my plea before You and wait in expectation.” (Psalm 5:3, BSB)',
    );
    expect(morning.text).toContain('https://god.test/pray');
    expect(list(morning).unsubscribe.url).toMatch(/^https:\/\/god\.test\/unsubscribe\/prayer\./);
    // Five minutes later (the next run, or another instance): not again.
    expect(await app.prayerReminders.sendDue(new Date('2026-12-02T22:37:00Z'))).toBe(0);

    // 19:00 in Paris (18:00 UTC), an hour before the prayer night: the Paris person is told; in Tokyo it is 03:00, quiet hours.
    expect(await app.prayerReminders.sendDue(new Date('2026-12-03T18:01:00Z'))).toBe(1);
    const night = await smtp.waitFor((m) => m.to.includes(paris.email));
    expect(night.subject).toBe('Soirée de prière ce soir à 20:00');
    expect(night.text).toContain('à 20:00 chez toi');
    // 20:30 in Tokyo (11:30 UTC): the evening prayer.
    expect(await app.prayerReminders.sendDue(new Date('2026-12-03T11:31:00Z'))).toBe(1);
    await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith('Evening prayer'));
    // Every moment of a whole day, run every 5 minutes: nothing else is due, and no mail is written in Tokyo's quiet hours.
    const before = { tokyo: mailsTo(user.email).length };
    for (let t = Date.parse('2026-12-03T12:00:00Z'); t < Date.parse('2026-12-03T22:00:00Z'); t += 5 * 60_000)
      await app.prayerReminders.sendDue(new Date(t));
    const sendTimes = await app.db.execute<{ occurrence: string }>(
      sql`select occurrence from prayer_reminder_sends where user_id = ${user.id} order by occurrence`,
    );
    expect(sendTimes.rows.map((r) => r.occurrence)).toEqual(['evening:2026-12-03', 'morning:2026-12-03']);
    expect(mailsTo(user.email)).toHaveLength(before.tokyo);

    // One click on the mail's unsubscribe link (RFC 8058): no more reminders, the next morning included.
    const oneClick = await app.inject({
      method: 'POST',
      url: pathOf(list(morning).unsubscribe.url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ list: 'prayer' });
    expect(await app.prayerReminders.sendDue(new Date('2026-12-03T22:32:00Z'))).toBe(0);
    const state = await app.inject({ method: 'GET', url: '/api/prayer', headers: { cookie } });
    expect(state.json().reminders).toMatchObject({ morning: { isOn: false, minute: 450 }, evening: { isOn: false }, nights: false });
  });

  it('are looked for every 5 minutes', async () => {
    const schedules = await app.db.execute<{ cron: string }>(sql`select cron from pgboss.schedule where name = ${PRAYER_REMINDER_QUEUE}`);
    expect(schedules.rows).toEqual([{ cron: '*/5 * * * *' }]);
  });
});
