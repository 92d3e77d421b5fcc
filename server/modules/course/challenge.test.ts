import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ChallengeState } from '#common/contracts/challenge.ts';
import { type Assessment, type CourseSummary, type LessonListItem, type SubmitResult } from '#common/contracts/course.ts';
import { addDays } from '#common/domain/streak.ts';
import { createTestApp, expectValidationFailed, sessionCookie, signedInUser } from '#test/app.ts';
import { answersFor } from '#test/quiz.ts';

import { assessmentAttempts, assessments, challengeDays, sectionReads } from '../../db/schema/index.ts';
import { loadCourseContent } from '../../db/seed/course.ts';

const app = await createTestApp();
const content = loadCourseContent();

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (payload: unknown, cookie?: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/challenge',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });

let courseId: string;
let lessons: LessonListItem[];
/** The server's UTC date: the tests send marks made "now", dated today. */
const today = new Date().toISOString().slice(0, 10);
const now = () => new Date().toISOString();
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const tick = (day: number, over: Partial<{ isDone: boolean; date: string; changedAt: string }> = {}) => ({
  day,
  isDone: true,
  date: today,
  changedAt: now(),
  ...over,
});
const stateOf = (cookie: string, on = today) => get(`/api/challenge?courseId=${courseId}&today=${on}`, cookie);

beforeAll(async () => {
  const { cookie } = await signedInUser(app);
  courseId = (await get('/api/courses', cookie)).json<CourseSummary[]>()[0]!.id;
  lessons = (await get(`/api/courses/${courseId}/lessons`, cookie)).json();
});

describe('GET/PUT /api/challenge', () => {
  it('follows the learner to another device: ticks and sections read come back in a new session', async () => {
    const { user, cookie } = await signedInUser(app);
    const empty = (await stateOf(cookie)).json<ChallengeState>();
    expect(empty).toMatchObject({ courseId, days: [], sections: [], activeDates: [], streak: { days: 0 } });

    const res = await put(
      {
        courseId,
        today,
        days: [tick(1), tick(2)],
        sections: [{ lessonId: lessons[0]!.id, section: 0, isRead: true, date: today, changedAt: now() }],
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);

    const otherDevice = await sessionCookie(app, user.id);
    const state = (await stateOf(otherDevice)).json<ChallengeState>();
    expect(state.days.filter((d) => d.isDone).map((d) => d.day)).toEqual([1, 2]);
    expect(state.sections).toEqual([expect.objectContaining({ lessonId: lessons[0]!.id, section: 0, isRead: true })]);
    expect(state.activeDates).toEqual([today]);
    expect(state.streak).toMatchObject({ days: 1, isTodayDone: true });
  });

  it('keeps the later change per day and never loses a tick to an older untick', async () => {
    const { user, cookie } = await signedInUser(app);
    // Laptop, one hour ago: ticked day 3, unticked day 4.
    await put({ courseId, days: [tick(3, { changedAt: hoursAgo(1) }), tick(4, { isDone: false, changedAt: hoursAgo(1) })] }, cookie);
    // A phone's older marks (made offline two hours ago) arrive last and change nothing.
    const merged = (
      await put({ courseId, days: [tick(3, { isDone: false, changedAt: hoursAgo(2) }), tick(4, { changedAt: hoursAgo(2) })] }, cookie)
    ).json<ChallengeState>();
    expect(merged.days.map((d) => [d.day, d.isDone])).toEqual([
      [3, true],
      [4, false],
    ]);
    // A newer untick wins; a tie between a tick and an untick keeps the tick.
    const at = hoursAgo(0.5);
    await put({ courseId, days: [tick(3, { isDone: false, changedAt: at })] }, cookie);
    const tie = (await put({ courseId, days: [tick(3, { changedAt: at })] }, cookie)).json<ChallengeState>();
    expect(tie.days.find((d) => d.day === 3)!.isDone).toBe(true);
    const rows = await app.db.select().from(challengeDays).where(eq(challengeDays.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('stores a replayed sync once and answers the same state', async () => {
    const { user, cookie } = await signedInUser(app);
    const body = {
      courseId,
      today,
      days: [tick(5), tick(6)],
      sections: [1, 2].map((section) => ({ lessonId: lessons[0]!.id, section, isRead: true, date: today, changedAt: now() })),
    };
    const first = await put(body, cookie);
    const second = await put(body, cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await app.db.$count(challengeDays, eq(challengeDays.userId, user.id))).toBe(2);
    expect(await app.db.$count(sectionReads, eq(sectionReads.userId, user.id))).toBe(2);
  });

  it('counts a streak from ticks and sections read on consecutive days, forgiving one missed day', async () => {
    const { cookie } = await signedInUser(app);
    // Each mark made on its own day (the change time is that day too), offline, synced today.
    const on = (daysAgo: number) => ({ date: addDays(today, -daysAgo), changedAt: hoursAgo(daysAgo * 24) });
    await put(
      { courseId, days: [tick(1, on(4)), tick(2, on(3))], sections: [{ lessonId: lessons[0]!.id, section: 0, isRead: true, ...on(1) }] },
      cookie,
    );
    const state = (await stateOf(cookie)).json<ChallengeState>();
    expect(state.activeDates).toEqual([addDays(today, -4), addDays(today, -3), addDays(today, -1)]);
    // Two days ago was missed and forgiven; today is not over yet.
    expect(state.streak).toEqual({ days: 3, isTodayDone: false, graceDays: [addDays(today, -2)], isGraceAvailable: false });
  });

  it('lets a learner catch up on a missed day within 48 hours, not later', async () => {
    const { cookie } = await signedInUser(app);
    const caughtUp = await put({ courseId, days: [tick(7, { date: addDays(today, -2) })] }, cookie);
    expect(caughtUp.statusCode).toBe(200);
    expect(caughtUp.json<ChallengeState>().activeDates).toEqual([addDays(today, -2)]);
    expectValidationFailed(
      await put({ courseId, days: [tick(8, { date: addDays(today, -4) })] }, cookie),
      'days.0.date',
      'within 48 hours',
    );
  });

  it('refuses days outside 1-21, future dates and clocks, duplicates and foreign lessons, storing nothing', async () => {
    const { user, cookie } = await signedInUser(app);
    expectValidationFailed(await put({ courseId, days: [tick(0)] }, cookie), 'days.0.day', 'from 1 to 21');
    expectValidationFailed(await put({ courseId, days: [tick(22)] }, cookie), 'days.0.day', 'from 1 to 21');
    expectValidationFailed(await put({ courseId, days: [tick(1.5)] }, cookie), 'days.0.day', 'whole number');
    expectValidationFailed(
      await put({ courseId, days: [tick(2), tick(3, { date: addDays(today, 3) })] }, cookie),
      'days.1.date',
      'in the future',
    );
    expectValidationFailed(await put({ courseId, days: [tick(2, { date: '2026-02-30' })] }, cookie), 'days.0.date', 'YYYY-MM-DD');
    expectValidationFailed(
      await put({ courseId, days: [tick(2, { changedAt: new Date(Date.now() + 3_600_000).toISOString() })] }, cookie),
      'days.0.changedAt',
      'in the future',
    );
    expectValidationFailed(await put({ courseId, days: [tick(2), tick(2)] }, cookie), 'days.1.day', 'listed twice');
    const sectionOf = (lessonId: string, section: number) => ({ lessonId, section, isRead: true, date: today, changedAt: now() });
    expectValidationFailed(
      await put({ courseId, sections: [sectionOf(crypto.randomUUID(), 0)] }, cookie),
      'sections.0.lessonId',
      'not a lesson of the course',
    );
    const sectionCount = content.lessons[0]!.en.sections.length;
    expectValidationFailed(
      await put({ courseId, sections: [sectionOf(lessons[0]!.id, sectionCount)] }, cookie),
      'sections.0.section',
      `0 to ${sectionCount - 1}`,
    );
    expectValidationFailed(await put({ courseId, today: addDays(today, 3), days: [] }, cookie), 'today', 'has not begun');
    const unknownCourse = await put({ courseId: crypto.randomUUID(), days: [tick(1)] }, cookie);
    expect(unknownCourse.statusCode).toBe(404);
    expect(await app.db.$count(challengeDays, eq(challengeDays.userId, user.id))).toBe(0);
  });

  it("never reads or writes another learner's ticks: the request cannot name a user", async () => {
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    await put({ courseId, days: [tick(1)] }, owner.cookie);
    const forOwner = await put({ courseId, userId: owner.user.id, days: [tick(2, { isDone: true })] }, other.cookie);
    expect(forOwner.statusCode).toBe(400);
    expect(forOwner.json().message).toMatch(/userId/);
    const peek = await get(`/api/challenge?courseId=${courseId}&userId=${owner.user.id}`, other.cookie);
    expect(peek.statusCode).toBe(400);
    // The other learner's own state is theirs alone, and the owner's is untouched.
    expect((await stateOf(other.cookie)).json<ChallengeState>().days).toEqual([]);
    expect((await stateOf(owner.cookie)).json<ChallengeState>().days.map((d) => d.day)).toEqual([1]);
  });

  it('answers a visitor 401', async () => {
    expect((await stateOf('')).statusCode).toBe(401);
    expect((await put({ courseId, days: [tick(1)] })).statusCode).toBe(401);
  });
});

describe('quiz submitted with an idempotency key', () => {
  /** The learner's current draw of week 1 (docs/decisions/073). */
  const drawOf = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: `/api/lessons/${lessons[0]!.id}/assessment`, headers: { cookie } })).json<Assessment>();
  const keyOf = async (cookie: string) => {
    const a = await drawOf(cookie);
    return { drawId: a.drawId, answers: answersFor(a, 0, 'en', content.lessons) };
  };
  const submit = async (cookie: string, body: { drawId: string; answers: number[] }, key?: string) => {
    const [a] = await app.db.select({ id: assessments.id }).from(assessments).where(eq(assessments.lessonId, lessons[0]!.id));
    return app.inject({
      method: 'POST',
      url: `/api/assessments/${a!.id}/submit`,
      headers: { 'content-type': 'application/json', cookie, ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
    });
  };

  it('stores an attempt sent twice once and answers the same result', async () => {
    const { user, cookie } = await signedInUser(app);
    const key = crypto.randomUUID();
    const body = await keyOf(cookie);
    const first = await submit(cookie, body, key);
    const again = await submit(cookie, body, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json<SubmitResult>()).toEqual(first.json<SubmitResult>());
    expect(first.json<SubmitResult>().passed).toBe(true);
    expect(await app.db.$count(assessmentAttempts, eq(assessmentAttempts.userId, user.id))).toBe(1);
    // Without a key each submit is its own attempt (of a new draw), as before.
    await submit(cookie, await keyOf(cookie));
    expect(await app.db.$count(assessmentAttempts, eq(assessmentAttempts.userId, user.id))).toBe(2);
  });

  it('refuses a key reused for other answers, and a malformed key; keys are per learner', async () => {
    const { user, cookie } = await signedInUser(app);
    const key = crypto.randomUUID();
    const body = await keyOf(cookie);
    await submit(cookie, body, key);
    const reused = await submit(cookie, { ...body, answers: body.answers.map((a) => (a + 1) % 4) }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(/Idempotency-Key/);
    expectValidationFailed(await submit(cookie, await keyOf(cookie), 'not-a-uuid'), 'idempotency-key', 'UUID');
    // Another learner's attempt with the same key is their own.
    const other = await signedInUser(app);
    expect((await submit(other.cookie, await keyOf(other.cookie), key)).statusCode).toBe(200);
    expect(
      await app.db.$count(assessmentAttempts, and(eq(assessmentAttempts.userId, user.id), eq(assessmentAttempts.idempotencyKey, key))),
    ).toBe(1);
  });
});
