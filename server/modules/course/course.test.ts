import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import {
  type Assessment,
  type AttemptList,
  type Certificate,
  type CourseSummary,
  type Lesson,
  type LessonListItem,
  type Progress,
} from '#common/contracts/course.ts';
import { createTestApp, signedInUser } from '#test/app.ts';
import { answersFor } from '#test/quiz.ts';

import { assessmentAttempts, assessments, learnerActivity } from '../../db/schema/index.ts';
import { loadCourseContent } from '../../db/seed/course.ts';
import { normaliseVerificationCode } from './course.service.ts';

const app = await createTestApp();
const content = loadCourseContent();
/** Questions per attempt of a week: 10, or the whole bank when it is smaller. */
const drawSize = (week: number) => Math.min(10, content.lessons.find((l) => l.week === week)!.answers.length);

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
const postEmpty = (url: string, cookie: string) => app.inject({ method: 'POST', url, headers: { cookie } });

let courseId: string;
let lessons: LessonListItem[];
const lessonOfWeek = (week: number) => lessons.find((l) => l.weekNumber === week)!;
const assessmentIdOf = async (week: number) =>
  (
    await app.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.lessonId, lessonOfWeek(week).id))
  )[0]!.id;

/** The learner's current draw of a week. */
async function drawOf(cookie: string, week: number, lang: 'en' | 'fr' = 'en') {
  return (await get(`${`/api/lessons/${lessonOfWeek(week).id}/assessment`}?lang=${lang}`, cookie)).json<Assessment>();
}
/** Answers the learner's current draw of a week (read from the content files' key), the first `wrong` questions wrongly. */
async function submit(cookie: string, week: number, wrong: number) {
  const a = await drawOf(cookie, week);
  // A locked week has no draw: a submit to it is still refused as locked.
  if (!a.drawId)
    return post(
      `/api/assessments/${await assessmentIdOf(week)}/submit`,
      { drawId: '00000000-0000-4000-8000-000000000000', answers: [0] },
      cookie,
    );
  return post(`/api/assessments/${a.id}/submit`, { drawId: a.drawId, answers: answersFor(a, wrong, 'en', content.lessons) }, cookie);
}
async function passWeeks(cookie: string, upTo: number) {
  for (let w = 1; w <= upTo; w++) expect((await submit(cookie, w, 0)).json().passed).toBe(true);
}

beforeAll(async () => {
  const { cookie } = await signedInUser(app);
  courseId = (await get('/api/courses', cookie)).json<CourseSummary[]>()[0]!.id;
  lessons = (await get(`/api/courses/${courseId}/lessons`, cookie)).json();
});

describe('course and lessons', () => {
  it('lists the course with its 21-day challenge in the asked language', async () => {
    const { cookie } = await signedInUser(app);
    const en = (await get(`${'/api/courses'}?lang=en`, cookie)).json<CourseSummary[]>();
    const fr = (await get(`${'/api/courses'}?lang=fr`, cookie)).json<CourseSummary[]>();
    expect(en).toHaveLength(1);
    expect(en[0]).toMatchObject({ id: courseId, title: content.course.en.title, totalLessons: 8 });
    expect(fr[0]!.title).toBe(content.course.fr.title);
    expect(en[0]!.challenge.days).toHaveLength(21);
    expect(fr[0]!.challenge.days[0]!.title).toBe(content.course.challenge.fr.days[0]!.title);
  });

  it('lists 8 lessons in week order with titles in the asked language', async () => {
    const { cookie } = await signedInUser(app);
    const fr = (await get(`${`/api/courses/${courseId}/lessons`}?lang=fr`, cookie)).json<LessonListItem[]>();
    expect(fr.map((l) => l.weekNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(fr[3]).toEqual({
      id: lessons[3]!.id,
      weekNumber: 4,
      title: content.lessons[3]!.fr.title,
      subtitle: content.lessons[3]!.fr.subtitle,
    });
  });

  it('serves a lesson in either language with the same id and the same progress', async () => {
    const { cookie } = await signedInUser(app);
    await passWeeks(cookie, 1);
    const en = (await get(`${`/api/lessons/${lessonOfWeek(1).id}`}?lang=en`, cookie)).json<Lesson>();
    const fr = (await get(`${`/api/lessons/${lessonOfWeek(1).id}`}?lang=fr`, cookie)).json<Lesson>();
    expect(en).toMatchObject({
      id: lessonOfWeek(1).id,
      weekNumber: 1,
      title: content.lessons[0]!.en.title,
      isCompleted: true,
      nextLessonId: lessonOfWeek(2).id,
    });
    expect(fr).toMatchObject({ id: en.id, title: content.lessons[0]!.fr.title, isCompleted: true });
    expect(en.content).toHaveLength(content.lessons[0]!.en.sections.length);
    expect(fr.keyScriptures[0]).toEqual({
      text: content.lessons[0]!.fr.keyScriptures[0]!.text,
      ref: content.lessons[0]!.fr.keyScriptures[0]!.ref,
      translation: content.lessons[0]!.fr.keyScriptures[0]!.translation,
    });
    expect(fr.reflectionQuestions).toEqual(content.lessons[0]!.fr.reflectionQuestions);
  });

  it('needs a signed-in user for everything but certificate verification', async () => {
    const lessonId = lessonOfWeek(1).id;
    for (const url of [
      '/api/courses',
      `/api/progress/${courseId}`,
      `/api/courses/${courseId}/lessons`,
      `/api/lessons/${lessonId}`,
      `/api/lessons/${lessonId}/assessment`,
      `/api/certificates/${courseId}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(
      (await post(`/api/assessments/${await assessmentIdOf(1)}/submit`, { drawId: '00000000-0000-4000-8000-000000000000', answers: [0] }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/certificates/${courseId}` })).statusCode).toBe(401);
  });
});

describe('unlocking in order', () => {
  it('opens week 1 only, then each week once the one before is passed', async () => {
    const { cookie } = await signedInUser(app);
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
    for (const url of [`/api/lessons/${lessonOfWeek(2).id}`, `/api/lessons/${lessonOfWeek(2).id}/assessment`]) {
      const res = await get(url, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'LESSON_LOCKED' });
      expect(res.json().message).toMatch(/week 1/);
    }
    const early = await submit(cookie, 2, 0);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('LESSON_LOCKED');

    // A fail does not unlock anything.
    expect((await submit(cookie, 1, 10)).json().passed).toBe(false);
    expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, cookie)).statusCode).toBe(403);

    const pass = (await submit(cookie, 1, 0)).json();
    expect(pass).toMatchObject({ passed: true, nextLessonId: lessonOfWeek(2).id });
    expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, cookie)).statusCode).toBe(200);
    expect((await get(`/api/lessons/${lessonOfWeek(2).id}/assessment`, cookie)).statusCode).toBe(200);
    expect((await get(`/api/lessons/${lessonOfWeek(3).id}`, cookie)).statusCode).toBe(403);
    // A passed lesson stays open for review.
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
  });

  it('reports progress: completed lessons, percentage, current lesson and average of best passing scores', async () => {
    const { cookie } = await signedInUser(app);
    const fresh = (await get(`/api/progress/${courseId}`, cookie)).json<Progress>();
    expect(fresh).toMatchObject({
      completedLessons: [],
      overallProgress: 0,
      currentLessonId: lessonOfWeek(1).id,
      averageScore: null,
      totalLessons: 8,
    });

    await submit(cookie, 1, 3); // 70: pass
    await submit(cookie, 1, 0); // 100: the best counts
    await submit(cookie, 1, 9); // a later fail changes nothing
    await submit(cookie, 2, 1); // 90
    await submit(cookie, 3, 5); // 50: fail
    const p = (await get(`/api/progress/${courseId}`, cookie)).json<Progress>();
    expect(p).toMatchObject({
      completedLessons: [lessonOfWeek(1).id, lessonOfWeek(2).id],
      overallProgress: 25,
      currentLessonId: lessonOfWeek(3).id,
      averageScore: 95,
      bestScores: { [lessonOfWeek(1).id]: 100, [lessonOfWeek(2).id]: 90 },
    });
  });
});

describe("lesson openings (the mentor's week)", () => {
  const openedAt = async (userId: string) =>
    (await app.db.select({ at: learnerActivity.lastLessonOpenedAt }).from(learnerActivity).where(eq(learnerActivity.userId, userId)))[0]
      ?.at ?? null;

  it('records opening an open lesson, never a locked or unknown one, and leaves a recent opening alone', async () => {
    const { cookie, user } = await signedInUser(app);
    expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, cookie)).statusCode).toBe(403);
    expect((await get(`/api/lessons/${'00000000-0000-4000-8000-000000000000'}`, cookie)).statusCode).toBe(404);
    expect(await openedAt(user.id)).toBeNull();

    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
    const first = await openedAt(user.id);
    expect(first).not.toBeNull();
    // A read within five minutes does not even lock the row (a lock is a write: a transaction id, WAL,
    // a flush at commit); a locked row's xmax names the locker.
    const xmax = async () =>
      (await app.db.execute<{ xmax: string }>(sql`select xmax::text as xmax from learner_activity where user_id = ${user.id}`)).rows[0]!
        .xmax;
    const before = await xmax();
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
    expect(await openedAt(user.id)).toEqual(first);
    expect(await xmax()).toBe(before);

    // Six minutes later (the row moved back, the server's clock on), the next open lesson moves the
    // opening on: here week 2, once week 1 is passed; a locked one does not.
    await app.db
      .update(learnerActivity)
      .set({ lastLessonOpenedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(learnerActivity.userId, user.id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    try {
      expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, cookie)).statusCode).toBe(403);
      expect((await openedAt(user.id))!.getTime()).toBeLessThan(first!.getTime());
      await passWeeks(cookie, 1);
      expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, cookie)).statusCode).toBe(200);
      expect((await openedAt(user.id))!.getTime()).toBeGreaterThan(first!.getTime());
    } finally {
      vi.useRealTimers();
    }
  });

  it('records a lesson read section by section once in five minutes, even after the row was moved back', async () => {
    const { cookie, user } = await signedInUser(app);
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
    const first = (await openedAt(user.id))!;
    // Within five minutes this server does not record it again: the moved-back row stays as it is.
    const old = new Date(first.getTime() - 6 * 60_000);
    await app.db.update(learnerActivity).set({ lastLessonOpenedAt: old }).where(eq(learnerActivity.userId, user.id));
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
    expect(await openedAt(user.id)).toEqual(old);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      expect((await get(`/api/lessons/${lessonOfWeek(1).id}`, cookie)).statusCode).toBe(200);
      expect((await openedAt(user.id))!.getTime()).toBeGreaterThan(old.getTime());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('assessments and scoring', () => {
  it('sends a draw of the bank: questions and shuffled options, never the answer key', async () => {
    const { cookie } = await signedInUser(app);
    const res = await get(`${`/api/lessons/${lessonOfWeek(1).id}/assessment`}?lang=fr`, cookie);
    const a = res.json<Assessment>();
    const bank = content.lessons[0]!;
    expect(a.questions).toHaveLength(drawSize(1));
    for (const [i, q] of a.questions.entries()) {
      const k = bank.fr.questions.findIndex((b) => b.text === q.questionText);
      expect(k, q.questionText).toBeGreaterThanOrEqual(0);
      expect(q).toEqual({
        id: i + 1,
        questionText: bank.fr.questions[k]!.text,
        options: expect.any(Array),
        section: bank.questionSections[k],
      });
      expect([...q.options].sort()).toEqual([...bank.fr.questions[k]!.options].sort());
    }
    expect(a.passMark).toBe(70);
    expect(res.body).not.toMatch(/answer|correct/i);
    // The same draw until it is answered, in either language.
    const en = await drawOf(cookie, 1, 'en');
    expect(en.drawId).toBe(a.drawId);
    expect(en.questions.map((q) => content.lessons[0]!.en.questions.findIndex((b) => b.text === q.questionText))).toEqual(
      a.questions.map((q) => bank.fr.questions.findIndex((b) => b.text === q.questionText)),
    );
  });

  it('passes at exactly 70% with the full review; fails just under with only the sections to read again', async () => {
    const { cookie } = await signedInUser(app);
    const failDraw = await drawOf(cookie, 1);
    const failAnswers = answersFor(failDraw, 4, 'en', content.lessons);
    const fail = await post(`/api/assessments/${failDraw.id}/submit`, { drawId: failDraw.drawId, answers: failAnswers }, cookie);
    expect(fail.statusCode).toBe(200);
    const missed = new Map<number, number>();
    for (const q of failDraw.questions.slice(0, 4)) missed.set(q.section, (missed.get(q.section) ?? 0) + 1);
    expect(fail.json()).toEqual({
      passed: false,
      score: 60,
      correctAnswers: [],
      questionResults: [],
      correctCount: 6,
      totalQuestions: 10,
      passMark: 70,
      nextLessonId: null,
      pausedUntil: null,
      sectionsToReview: [...missed].sort(([x], [y]) => x - y).map(([section, n]) => ({ section, missed: n })),
    });
    const passDraw = await drawOf(cookie, 1);
    const passAnswers = answersFor(passDraw, 3, 'en', content.lessons);
    const pass = await post(`/api/assessments/${passDraw.id}/submit`, { drawId: passDraw.drawId, answers: passAnswers }, cookie);
    expect(pass.json()).toMatchObject({
      passed: true,
      score: 70,
      correctAnswers: answersFor(passDraw, 0, 'en', content.lessons),
      questionResults: passAnswers.map((_, i) => i >= 3),
      correctCount: 7,
      sectionsToReview: [],
    });
  });

  it('stores every attempt with its draw, answers, score, result and time', async () => {
    const { user, cookie } = await signedInUser(app);
    const before = Date.now();
    const first = await drawOf(cookie, 1);
    await submit(cookie, 1, 5);
    await submit(cookie, 1, 0);
    const rows = await app.db
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.userId, user.id), eq(assessmentAttempts.lessonId, lessonOfWeek(1).id)))
      .orderBy(assessmentAttempts.createdAt);
    expect(rows.map((r) => [r.score, r.passed])).toEqual([
      [50, false],
      [100, true],
    ]);
    expect(rows[0]!.answers).toEqual(answersFor(first, 5, 'en', content.lessons));
    expect(rows[0]!.drawId).toBe(first.drawId);
    // The stored draw says exactly what was asked: the bank questions and the options in the order shown.
    expect(rows[0]!.draw!.map((d) => content.lessons[0]!.en.questions[d.q]!.text)).toEqual(first.questions.map((q) => q.questionText));
    expect(rows[0]!.draw!.map((d) => d.o.map((o) => content.lessons[0]!.en.questions[d.q]!.options[o]))).toEqual(
      first.questions.map((q) => q.options),
    );
    expect(rows[1]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses malformed answers with a 400 naming the field, and unknown ids with a 404', async () => {
    const { user, cookie } = await signedInUser(app);
    const id = await assessmentIdOf(1);
    const { drawId } = await drawOf(cookie, 1);
    const ok = Array.from({ length: drawSize(1) }, () => 0);
    const bad: [unknown, RegExp][] = [
      [{ drawId, answers: ok.slice(1) }, /answers: expected 10 answers/],
      [{ drawId, answers: [...ok, 0] }, /answers: expected 10 answers/],
      [{ drawId, answers: [4, ...ok.slice(1)] }, /answers\.0: question 1 has options 0 to 3, got 4/],
      [{ drawId, answers: [-1, ...ok.slice(1)] }, /answers\.0/],
      [{ drawId, answers: [1.5, ...ok.slice(1)] }, /answers\.0/],
      [{ drawId, answers: ['a', ...ok.slice(1)] }, /answers\.0/],
      [{ drawId, answers: [] }, /answers/],
      [{ drawId, answers: 'all of them' }, /answers/],
      [{ drawId }, /answers/],
      [{ answers: ok }, /drawId/],
      [{ drawId: 'draw-1', answers: ok }, /drawId/],
      [{ drawId, answers: ok, userId: 'someone' }, /userId/],
    ];
    for (const [body, message] of bad) {
      const res = await post(`/api/assessments/${id}/submit`, body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().message).toMatch(message);
    }
    const unknown = await post(`/api/assessments/${'00000000-0000-4000-8000-000000000000'}/submit`, { drawId, answers: ok }, cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const unknownDraw = await post(
      `/api/assessments/${id}/submit`,
      { drawId: '00000000-0000-4000-8000-000000000000', answers: ok },
      cookie,
    );
    expect(unknownDraw.statusCode).toBe(404);
    const notUuid = await post(`/api/assessments/${'week-1'}/submit`, { drawId, answers: ok }, cookie);
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toMatch(/assessmentId/);
    // Nothing malformed was stored.
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).toEqual([]);
  });

  it('answers unknown and malformed lesson and course ids, and bad languages, with clear 4xx', async () => {
    const { cookie } = await signedInUser(app);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const cases: [string, number, RegExp][] = [
      [`/api/lessons/${nobody}`, 404, /Lesson not found/],
      [`/api/lessons/${nobody}/assessment`, 404, /Assessment not found/],
      [`/api/courses/${nobody}/lessons`, 404, /Course not found/],
      [`/api/progress/${nobody}`, 404, /Course not found/],
      [`/api/certificates/${nobody}`, 404, /Course not found/],
      [`/api/lessons/${'1'}`, 400, /^id: /],
      [`/api/progress/${'abc'}`, 400, /^courseId: /],
      [`${`/api/lessons/${lessonOfWeek(1).id}`}?lang=de`, 400, /^lang: /],
      [`${'/api/courses'}?lang=`, 400, /^lang: /],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toMatch(message);
    }
  });
});

describe('attempts history', () => {
  it("lists the signed-in user's own attempts at a lesson, newest first, with date, score and result", async () => {
    const { cookie } = await signedInUser(app);
    const empty = await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`, cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ attempts: [], total: 0, pausedUntil: null });
    const before = Date.now();
    await submit(cookie, 1, 6); // 40
    await submit(cookie, 1, 0); // 100
    await submit(cookie, 2, 1); // another lesson: not listed for week 1
    const list = (await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`, cookie)).json<AttemptList>().attempts;
    expect(list.map((a) => [a.score, a.passed])).toEqual([
      [100, true],
      [40, false],
    ]);
    for (const a of list) expect(Date.parse(a.submittedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(list[0]!).sort()).toEqual(['id', 'passed', 'score', 'submittedAt']);
  });

  it("never shows another user's attempts", async () => {
    const alice = await signedInUser(app);
    const bob = await signedInUser(app);
    await submit(alice.cookie, 1, 2);
    await submit(alice.cookie, 1, 5);
    const bobs = await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`, bob.cookie);
    expect(bobs.json().attempts).toEqual([]);
    await submit(bob.cookie, 1, 0);
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`, bob.cookie)).json<AttemptList>().attempts.map((a) => a.score)).toEqual(
      [100],
    );
    expect(
      (await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`, alice.cookie)).json<AttemptList>().attempts.map((a) => a.score),
    ).toEqual([50, 80]);
    // asking for someone else's list by query is refused, not ignored
    const byQuery = await get(`${`/api/lessons/${lessonOfWeek(1).id}/attempts`}?userId=${alice.user.id}`, bob.cookie);
    expect(byQuery.statusCode).toBe(400);
  });

  it('needs a signed-in user, a valid id, a known lesson and an open week', async () => {
    const { cookie } = await signedInUser(app);
    expect((await get(`/api/lessons/${lessonOfWeek(1).id}/attempts`)).statusCode).toBe(401);
    const bad = await get(`/api/lessons/${'week-1'}/attempts`, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    expect((await get(`/api/lessons/${'00000000-0000-4000-8000-000000000000'}/attempts`, cookie)).json().code).toBe('NOT_FOUND');
    expect((await get(`/api/lessons/${lessonOfWeek(3).id}/attempts`, cookie)).json().code).toBe('LESSON_LOCKED');
  });
});

describe('certificates', () => {
  it('are refused before all 8 weeks are passed', async () => {
    const { cookie } = await signedInUser(app);
    await passWeeks(cookie, 7);
    for (const res of [await get(`/api/certificates/${courseId}`, cookie), await postEmpty(`/api/certificates/${courseId}`, cookie)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'COURSE_NOT_COMPLETE' });
      expect(res.json().message).toMatch(/all 8 weeks.*1 to go/);
    }
  });

  it('are created once after the last week, with an unguessable code, then returned unchanged', async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Amara', lastName: 'Okafor' });
    await passWeeks(cookie, 8);
    const none = await get(`/api/certificates/${courseId}`, cookie);
    expect(none.statusCode).toBe(404);

    const created = await postEmpty(`/api/certificates/${courseId}`, cookie);
    expect(created.statusCode).toBe(201);
    const cert = created.json<Certificate>();
    expect(cert).toMatchObject({ courseId, courseTitle: content.course.en.title, certificateData: { name: 'Amara Okafor' } });
    expect(cert.verificationCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(cert.verificationUrl).toBe(`http://localhost:80/verify/${cert.verificationCode}`);
    const lastPass = await app.db
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.lessonId, lessonOfWeek(8).id))
      .orderBy(assessmentAttempts.createdAt);
    expect(cert.completedAt).toBe(lastPass.at(-1)!.createdAt.toISOString());

    const again = await postEmpty(`/api/certificates/${courseId}`, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cert);
    const fetched = await get(`${`/api/certificates/${courseId}`}?lang=fr`, cookie);
    expect(fetched.json()).toEqual({ ...cert, courseTitle: content.course.fr.title });
  });

  it('survive two creation requests racing', async () => {
    const { cookie } = await signedInUser(app);
    await passWeeks(cookie, 8);
    const [a, b] = await Promise.all([
      postEmpty(`/api/certificates/${courseId}`, cookie),
      postEmpty(`/api/certificates/${courseId}`, cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().verificationCode).toBe(b.json().verificationCode);
  });

  it('get different codes for different people', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { cookie } = await signedInUser(app);
      await passWeeks(cookie, 8);
      codes.add((await postEmpty(`/api/certificates/${courseId}`, cookie)).json<Certificate>().verificationCode);
    }
    expect(codes.size).toBe(3);
  });

  it('can be verified by anyone with the code, showing only name, course and date', async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Jonas', lastName: 'Petit', email: 'jonas.petit@example.org' });
    await passWeeks(cookie, 8);
    const cert = (await postEmpty(`/api/certificates/${courseId}`, cookie)).json<Certificate>();

    const res = await get(`${`/api/certificates/verify/${cert.verificationCode}`}?lang=fr`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      holderName: 'Jonas Petit',
      holderRenamedAt: null,
      courseTitle: content.course.fr.title,
      completedAt: cert.completedAt,
      verificationCode: cert.verificationCode,
    });
    expect(res.body).not.toMatch(/jonas\.petit@|userId/);

    const typed = cert.verificationCode.toLowerCase().replace(/-/g, ' ');
    expect((await get(`/api/certificates/verify/${typed}`)).json().holderName).toBe('Jonas Petit');

    const unknown = await get(`/api/certificates/verify/${'ZZZZ-ZZZZ-ZZZZ-ZZZZ'}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No certificate has this verification code.' });
    const malformed = await get(`/api/certificates/verify/${'<script>'}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^code: /);
  });

  it('normalises codes typed by hand', () => {
    expect(normaliseVerificationCode(' 7kq4 m2xd-9tpa h3vw ')).toBe('7KQ4-M2XD-9TPA-H3VW');
    expect(normaliseVerificationCode('ioL0')).toBe('1010');
  });
});

describe("other people's data", () => {
  it("cannot be read or changed through another user's session", async () => {
    const a = await signedInUser(app, { firstName: 'Alice' });
    const b = await signedInUser(app, { firstName: 'Bruno' });
    await passWeeks(a.cookie, 8);
    await postEmpty(`/api/certificates/${courseId}`, a.cookie);

    // Progress is only ever the caller's own; asking for someone else's is refused outright.
    const bProgress = await get(`/api/progress/${courseId}`, b.cookie);
    expect(bProgress.json()).toMatchObject({ completedLessons: [], overallProgress: 0 });
    const sneaky = await get(`${`/api/progress/${courseId}`}?userId=${a.user.id}`, b.cookie);
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().message).toMatch(/userId/);

    // B's certificate request is about B, who has not finished.
    expect((await get(`/api/certificates/${courseId}`, b.cookie)).statusCode).toBe(403);
    expect((await postEmpty(`/api/certificates/${courseId}`, b.cookie)).statusCode).toBe(403);
    // A's progress did not open B's lessons.
    expect((await get(`/api/lessons/${lessonOfWeek(2).id}`, b.cookie)).statusCode).toBe(403);
  });
});

describe('with PUBLIC_URL set', () => {
  it('prints that address in verification links', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://god.example.org/' } });
    const { cookie } = await signedInUser(other);
    const [course] = (await other.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json<CourseSummary[]>();
    const list = (await other.inject({ method: 'GET', url: `/api/courses/${course!.id}/lessons`, headers: { cookie } })).json<
      LessonListItem[]
    >();
    for (const l of list) {
      const a = (await other.inject({ method: 'GET', url: `/api/lessons/${l.id}/assessment`, headers: { cookie } })).json<Assessment>();
      const answers = answersFor(a, 0, 'en', content.lessons);
      const res = await other.inject({
        method: 'POST',
        url: `/api/assessments/${a.id}/submit`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ drawId: a.drawId, answers }),
      });
      expect(res.json().passed).toBe(true);
    }
    const cert = (await other.inject({ method: 'POST', url: `/api/certificates/${course!.id}`, headers: { cookie } })).json<Certificate>();
    expect(cert.verificationUrl).toBe(`https://god.example.org/verify/${cert.verificationCode}`);
  });
});
