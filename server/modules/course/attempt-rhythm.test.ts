import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { type Assessment, type AttemptList, type CourseSummary, type LessonListItem } from '#common/contracts/course.ts';
import { createTestApp, signedInUser } from '#test/app.ts';
import { answersFor } from '#test/quiz.ts';

import { assessmentAttempts, assessmentDraws } from '../../db/schema/index.ts';
import { loadCourseContent } from '../../db/seed/course.ts';
import { RHYTHM } from './draws.ts';

/**
 * Draws, the review after a fail, and the rhythm of attempts (docs/decisions/073): each attempt is
 * a server draw answered once, 3 failed attempts in a day pause the next one, submits are limited
 * per learner and the stored history is bounded.
 */
const app = await createTestApp();
const content = loadCourseContent();
const bankOf = (week: number) => content.lessons.find((l) => l.week === week)!;

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: unknown, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    payload: JSON.stringify(payload),
  });

let week1: LessonListItem;
beforeAll(async () => {
  const { cookie } = await signedInUser(app);
  const courseId = (await get('/api/courses', cookie)).json<CourseSummary[]>()[0]!.id;
  week1 = (await get(`/api/courses/${courseId}/lessons`, cookie)).json<LessonListItem[]>().find((l) => l.weekNumber === 1)!;
});

const drawOf = async (cookie: string) => (await get(`/api/lessons/${week1.id}/assessment`, cookie)).json<Assessment>();
const answer = (cookie: string, a: Assessment, wrong: number, headers?: Record<string, string>) =>
  post(`/api/assessments/${a.id}/submit`, { drawId: a.drawId, answers: answersFor(a, wrong, 'en', content.lessons) }, cookie, headers);
/** The bank index of each shown question, and the bank option at each shown position. */
const asked = (a: Assessment) =>
  a.questions.map((q) => {
    const k = bankOf(1).en.questions.findIndex((b) => b.text === q.questionText);
    return { k, order: q.options.map((o) => bankOf(1).en.questions[k]!.options.indexOf(o)) };
  });

describe('draws', () => {
  it('two attempts draw different questions, or the same ones in a different option order when the bank is small', async () => {
    const { cookie } = await signedInUser(app);
    const first = await drawOf(cookie);
    expect((await answer(cookie, first, 5)).json().passed).toBe(false);
    const second = await drawOf(cookie);
    expect(second.drawId).not.toBe(first.drawId);
    const [a, b] = [asked(first), asked(second)];
    expect(a).toHaveLength(Math.min(10, bankOf(1).answers.length));
    // Every shown option order is a permutation of the bank's four options.
    for (const q of [...a, ...b]) expect([...q.order].sort()).toEqual([0, 1, 2, 3]);
    const bankSize = bankOf(1).answers.length;
    const again = b.filter((q) => a.some((p) => p.k === q.k));
    // With a bank of 20 or more the second draw asks none of the first's questions; a smaller bank asks the others first.
    expect(again.length).toBe(Math.max(0, 10 - (bankSize - Math.min(10, bankSize))));
    // A question asked again shows its options in another order.
    for (const q of again) expect(q.order).not.toEqual(a.find((p) => p.k === q.k)!.order);
  });

  it('is answered once: a second submit of the same draw, or of another learner’s draw, is refused', async () => {
    const alice = await signedInUser(app);
    const bob = await signedInUser(app);
    const a = await drawOf(alice.cookie);
    // Bob cannot answer Alice's draw (it is not found for him).
    const stolen = await answer(bob.cookie, a, 0);
    expect(stolen.statusCode).toBe(404);
    expect((await answer(alice.cookie, a, 0)).statusCode).toBe(200);
    const twice = await answer(alice.cookie, a, 0);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DRAW_USED', message: expect.stringMatching(/already submitted/) });
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, alice.user.id))).toHaveLength(1);
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, bob.user.id))).toHaveLength(0);
  });

  it('answers a resend with the same Idempotency-Key with the first result, storing it once', async () => {
    const { user, cookie } = await signedInUser(app);
    const a = await drawOf(cookie);
    const key = '6b1f7a52-8a2b-4c61-9b0e-3f1e7c1d2a90';
    const first = await answer(cookie, a, 4, { 'idempotency-key': key });
    const again = await answer(cookie, a, 4, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).toHaveLength(1);
  });
});

describe('the rhythm of attempts', () => {
  it('pauses the 4th attempt in a day after 3 fails with a clear 429 saying when it opens, then opens it', async () => {
    const { user, cookie } = await signedInUser(app);
    let last;
    for (let i = 0; i < 3; i++) {
      last = await answer(cookie, await drawOf(cookie), 6);
      expect(last.json().passed).toBe(false);
    }
    // The third fail already says when the next attempt opens.
    const opensAt = Date.parse(last!.json().pausedUntil);
    const [newest] = await app.db
      .select({ at: assessmentAttempts.createdAt })
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.userId, user.id))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(opensAt).toBe(newest!.at.getTime() + RHYTHM.pauseMs);

    const fourth = await get(`/api/lessons/${week1.id}/assessment`, cookie);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'ATTEMPTS_PAUSED', opensAt: new Date(opensAt).toISOString() });
    expect(fourth.json().message).toMatch(/3 times today.*read the lesson again.*opens at/);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // The lesson page learns it from the attempts list, without asking for a draw.
    expect((await get(`/api/lessons/${week1.id}/attempts`, cookie)).json<AttemptList>().pausedUntil).toBe(new Date(opensAt).toISOString());
    // Reading the lesson stays open.
    expect((await get(`/api/lessons/${week1.id}`, cookie)).statusCode).toBe(200);

    // An hour later (the attempts moved back in time), the next attempt opens.
    await app.db
      .update(assessmentAttempts)
      .set({ createdAt: sql`created_at - interval '61 minutes'` })
      .where(eq(assessmentAttempts.userId, user.id));
    const reopened = await get(`/api/lessons/${week1.id}/assessment`, cookie);
    expect(reopened.statusCode).toBe(200);
    // A 4th fail the same day pauses again, an hour from it.
    const fourthFail = await answer(cookie, reopened.json<Assessment>(), 6);
    expect(Date.parse(fourthFail.json().pausedUntil)).toBeGreaterThan(Date.now() + RHYTHM.pauseMs - 60_000);
    expect((await get(`/api/lessons/${week1.id}/assessment`, cookie)).statusCode).toBe(429);
  });

  it('stores no more than the per-learner limit from 1,000 rapid submits', async () => {
    const { user, cookie } = await signedInUser(app);
    const statuses = new Map<number, number>();
    // Each try answers the current draw right (a pass never pauses), and takes a new draw after a stored one:
    // only the rate limit holds it back.
    let draw = await drawOf(cookie);
    for (let i = 0; i < 1000; i++) {
      const res = await answer(cookie, draw, 0);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 200) draw = await drawOf(cookie);
    }
    const stored = await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id));
    expect(stored.length).toBe(RHYTHM.submitsPerMinute);
    expect(statuses.get(200)).toBe(RHYTHM.submitsPerMinute);
    expect(statuses.get(429)).toBe(1000 - RHYTHM.submitsPerMinute);
    // Another learner is not held back by it.
    const other = await signedInUser(app);
    expect((await answer(other.cookie, await drawOf(other.cookie), 0)).statusCode).toBe(200);
  });

  it('stores one attempt when the same draw is sent 200 times at once', async () => {
    const { user, cookie } = await signedInUser(app);
    const a = await drawOf(cookie);
    const answers = answersFor(a, 0, 'en', content.lessons);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => post(`/api/assessments/${a.id}/submit`, { drawId: a.drawId, answers }, cookie)),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 409, 429].includes(r.statusCode))).toBe(true);
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).toHaveLength(1);
  });

  it('keeps a bounded history per week, always with the first and the best pass', async () => {
    const { user, cookie } = await signedInUser(app);
    const a = await drawOf(cookie);
    const assessmentId = a.id;
    const base = Date.now() - 30 * 86_400_000;
    // 70 old attempts, as stored before the bound: the first pass at 70%, the best at 100%, the rest fails.
    await app.db.insert(assessmentAttempts).values(
      Array.from({ length: 70 }, (_, i) => ({
        userId: user.id,
        lessonId: week1.id,
        assessmentId,
        answers: [],
        createdAt: new Date(base + i * 60_000),
        score: i === 3 ? 70 : i === 10 ? 100 : 20,
        passed: i === 3 || i === 10,
      })),
    );
    expect((await answer(cookie, a, 2)).json().score).toBe(80);
    const kept = await app.db
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.userId, user.id), eq(assessmentAttempts.lessonId, week1.id)));
    expect(kept).toHaveLength(RHYTHM.attemptsKept + 2);
    expect(
      kept
        .filter((r) => r.passed)
        .map((r) => r.score)
        .sort(),
    ).toEqual([100, 70, 80]);
    const page = (await get(`${`/api/lessons/${week1.id}/attempts`}?limit=3`, cookie)).json<AttemptList>();
    expect(page.total).toBe(RHYTHM.attemptsKept + 2);
    expect(page.attempts.map((x) => x.score)).toEqual([80, 20, 20]);
    const next = (await get(`${`/api/lessons/${week1.id}/attempts`}?limit=3&offset=3`, cookie)).json<AttemptList>();
    expect(next.attempts).toHaveLength(3);
    expect(next.attempts.every((x) => !page.attempts.some((p) => p.id === x.id))).toBe(true);
    for (const q of ['limit=0', 'limit=21', 'offset=-1', 'limit=abc', 'userId=x'])
      expect((await get(`${`/api/lessons/${week1.id}/attempts`}?${q}`, cookie)).statusCode, q).toBe(400);
  });

  it('keeps one open draw per learner and week however often the quiz is opened', async () => {
    const { user, cookie } = await signedInUser(app);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await drawOf(cookie)).drawId);
    await Promise.all(Array.from({ length: 10 }, () => drawOf(cookie)));
    expect(ids.size).toBe(1);
    expect(await app.db.select().from(assessmentDraws).where(eq(assessmentDraws.userId, user.id))).toHaveLength(1);
  });
});
