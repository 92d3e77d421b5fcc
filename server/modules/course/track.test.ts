import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type AdminStats } from '#common/contracts/admin.ts';
import { type CourseSummary } from '#common/contracts/course.ts';
import type { MentorWeek } from '#common/contracts/mentor-week.ts';
import type { DiscipleNode } from '#common/contracts/mentoring.ts';
import type { TrackContent, TrackState } from '#common/contracts/track.ts';
import { addDays } from '#common/domain/streak.ts';
import { createTestApp, expectValidationFailed, sessionCookie, signedInUser } from '#test/app.ts';

import { mailOutbox, trackDays } from '../../db/schema/index.ts';

const app = await createTestApp();

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie: string) =>
  app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
const doDay = (cookie: string, day: number, date: string, answer = 0) => send('POST', `/api/track/days/${day}`, { date, answer }, cookie);

/** The server's UTC date now (the tests send days done "today" in UTC). */
const utcToday = () => new Date().toISOString().slice(0, 10);
/** Moves the clock (Date only: timers, the database and sockets keep real time) by `days` days. */
const moveClock = (days: number) => vi.setSystemTime(new Date(Date.now() + days * 86_400_000));

afterEach(() => {
  vi.useRealTimers();
});

describe('the 7-day track (docs/decisions/074)', () => {
  it('serves its seven days in both languages to signed-in people only, apart from the 8-week course', async () => {
    expect((await get('/api/track/content')).statusCode).toBe(401);
    const { cookie } = await signedInUser(app);
    const fr = (await get('/api/track/content?lang=fr', cookie)).json<TrackContent>();
    expect(fr.days).toHaveLength(7);
    expect(fr.days[0]).toMatchObject({ day: 1, passage: { ref: '2 Corinthiens 5.17', translation: 'Synodale' } });
    expect(fr.days[0]!.check.options).toHaveLength(3);
    const en = (await get('/api/track/content', cookie)).json<TrackContent>();
    expect(en.days[6]!.passage.ref).toBe('John 10:27');
    // The course list stays the 8-week course's: the track is not a course with lessons and a certificate.
    const courses = (await get('/api/courses', cookie)).json<CourseSummary[]>();
    expect(courses.map((c) => c.slug)).toEqual(['foundations']);
    expect(courses.map((c) => c.id)).not.toContain(en.courseId);
  });

  it('opens one day per calendar day: day 2 is refused the same day and opens the next day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const { user, cookie } = await signedInUser(app);
    const today = utcToday();
    const first = await doDay(cookie, 1, today, 1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TrackState>()).toMatchObject({
      days: [{ day: 1, doneOn: today, answer: 1 }],
      pace: { nextDay: 2, isNextOpen: false, opensOn: addDays(today, 1) },
    });

    const sameDay = await doDay(cookie, 2, today);
    expect(sameDay.statusCode).toBe(403);
    expect(sameDay.json()).toMatchObject({ code: 'TRACK_DAY_LOCKED' });
    // Not skipping ahead either.
    expect((await doDay(cookie, 3, today)).json()).toMatchObject({ code: 'TRACK_DAY_LOCKED' });

    moveClock(1);
    const tomorrow = utcToday();
    expect(tomorrow).toBe(addDays(today, 1));
    expect((await get(`/api/track?today=${tomorrow}`, cookie)).json<TrackState>().pace).toMatchObject({
      nextDay: 2,
      isNextOpen: true,
    });
    const second = await doDay(cookie, 2, tomorrow);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<TrackState>().days.map((d) => d.day)).toEqual([1, 2]);
    expect(await app.db.$count(trackDays, eq(trackDays.userId, user.id))).toBe(2);
  });

  it('stores a day sent twice once, and refuses bad answers and dates', async () => {
    const { user, cookie } = await signedInUser(app);
    const today = utcToday();
    expect((await doDay(cookie, 1, today, 2)).statusCode).toBe(200);
    const again = await doDay(cookie, 1, today, 0);
    expect(again.statusCode).toBe(200);
    // The first answer is kept.
    expect(again.json<TrackState>().days).toEqual([{ day: 1, doneOn: today, answer: 2 }]);
    expect(await app.db.$count(trackDays, and(eq(trackDays.userId, user.id), eq(trackDays.day, 1)))).toBe(1);

    const { cookie: other } = await signedInUser(app);
    expectValidationFailed(await doDay(other, 1, today, 3), 'answer', 'options 0 to 2');
    expectValidationFailed(await doDay(other, 1, addDays(today, 3)), 'date', 'has not begun anywhere yet');
    expectValidationFailed(await doDay(other, 1, addDays(today, -5)), 'date', 'within 48 hours');
    expectValidationFailed(await doDay(other, 8, today), 'day', 'from 1 to 7');
    const extra = await send('POST', '/api/track/days/1', { date: today, answer: 0, userId: user.id }, other);
    expect(extra.statusCode).toBe(400);
    // Nothing of the above was stored for the other learner.
    expect((await get('/api/track', other)).json<TrackState>().days).toEqual([]);
  });

  it('keeps a forgiving streak: one missed day in a week does not break it, and finishing day 7 completes the track', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const { cookie } = await signedInUser(app);
    const start = utcToday();
    for (let day = 1; day <= 7; day++) {
      // Day 4 comes after a day off (the fourth calendar day was missed).
      if (day === 4) moveClock(1);
      const res = await doDay(cookie, day, utcToday());
      expect(res.statusCode, `day ${day}: ${res.body}`).toBe(200);
      if (day < 7) moveClock(1);
    }
    const end = utcToday();
    expect(end).toBe(addDays(start, 7));
    const state = (await get(`/api/track?today=${end}`, cookie)).json<TrackState>();
    expect(state.pace).toMatchObject({
      nextDay: null,
      isComplete: true,
      streak: { days: 7, isTodayDone: true, graceDays: [addDays(start, 3)] },
    });
    // Every day is done: nothing more to do.
    expect((await doDay(cookie, 7, end)).statusCode).toBe(200);
  });

  it('can be skipped and taken up again, by the learner only', async () => {
    const { user, cookie } = await signedInUser(app);
    const skipped = await send('PUT', '/api/track/skip', { isSkipped: true }, cookie);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json<TrackState>().isSkipped).toBe(true);
    // Another device of the same learner sees it; another learner does not.
    expect((await get('/api/track', await sessionCookie(app, user.id))).json<TrackState>().isSkipped).toBe(true);
    const { cookie: other } = await signedInUser(app);
    expect((await get('/api/track', other)).json<TrackState>().isSkipped).toBe(false);
    expect((await send('PUT', '/api/track/skip', { isSkipped: false }, cookie)).json<TrackState>().isSkipped).toBe(false);
    expect((await send('PUT', '/api/track/skip', { isSkipped: 'yes' }, cookie)).statusCode).toBe(400);
  });

  it('shows the mentor where each disciple stands: the tree, the week panel and the weekly digest; the admin counts count it', async () => {
    const { user: mentor, cookie: mentorCookie } = await signedInUser(app, { firstName: 'Marta' });
    const { user: disciple, cookie } = await signedInUser(app, { firstName: 'Dani', lastName: 'Track', mentorId: mentor.id });
    const admin = await signedInUser(app, { role: 'admin' });
    const stats = async () => (await get('/api/admin/stats', admin.cookie)).json<AdminStats>();
    const before = await stats();
    await doDay(cookie, 1, utcToday());

    const tree = (await get('/api/disciples/tree', mentorCookie)).json<DiscipleNode>();
    expect(tree.disciples.find((d) => d.id === disciple.id)).toMatchObject({ trackDays: 1 });
    const week = (await get('/api/disciples/week', mentorCookie)).json<MentorWeek>();
    expect(week.disciples.find((d) => d.id === disciple.id)).toMatchObject({ trackDays: 1, isStalled: false });
    expect(await stats()).toMatchObject({ trackStarted: before.trackStarted + 1, trackCompleted: before.trackCompleted });

    await app.mentorDigest.sendWeekly();
    const [digest] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, mentor.email), eq(mailOutbox.kind, 'mentor-digest')));
    expect(digest!.text).toContain('On the 7-day track this week\n- Dani Track, 1 of 7 days');
  });

  it('keeps nothing for an account whose parent has not agreed yet (decision 062)', async () => {
    const { user, cookie } = await signedInUser(app, { consentStatus: 'pending_parent' });
    const res = await doDay(cookie, 1, utcToday());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PARENT_CONSENT_PENDING' });
    expect(await app.db.$count(trackDays, eq(trackDays.userId, user.id))).toBe(0);
  });
});
