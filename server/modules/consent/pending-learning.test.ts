import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { type Assessment, type CourseSummary, type LessonListItem } from '#common/contracts/course.ts';
import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';
import { adultSignUp, createTestApp, sessionTokenFrom, signUpAndConfirm } from '#test/app.ts';
import { answersFor } from '#test/quiz.ts';

import {
  assessmentAttempts,
  assessmentDraws,
  assessments,
  certificates,
  challengeDays,
  consents,
  learnerActivity,
  mailOutbox,
  sectionReads,
} from '../../db/schema/index.ts';
import { loadCourseContent } from '../../db/seed/course.ts';

/**
 * Decision 062: while a parent has not agreed, nothing that reveals faith is kept for the young
 * person. They read; their quiz answers and ticks stay on their device (the client) and the server
 * refuses to store them. Without a mail server the parent's mail waits in the outbox with its link.
 */
const app = await createTestApp();
const json = { 'content-type': 'application/json' };
const lessons = loadCourseContent().lessons;
/** The learner's draw of week 1 and its right answers (docs/decisions/073). */
async function rightAnswers(cookie: string) {
  const a = (await app.inject({ method: 'GET', url: `/api/lessons/${week1.id}/assessment`, headers: { cookie } })).json<Assessment>();
  return { drawId: a.drawId, answers: answersFor(a, 0, 'en', lessons) };
}

let n = 0;
const signUp = (body: Record<string, unknown>) =>
  signUpAndConfirm(
    app,
    {
      firstName: 'Young',
      lastName: 'Person',
      email: `pending${++n}@example.org`,
      password: 'walking in the light',
      ...adultSignUp,
      ...body,
    },
    json,
  );
const cookieOf = (res: Parameters<typeof sessionTokenFrom>[0]) => `sid=${sessionTokenFrom(res)}`;

/** The year and month `years` years and `months` months before this month. */
function monthsAgo(years: number, months = 0) {
  const now = new Date();
  const total = now.getUTCFullYear() * 12 + now.getUTCMonth() - years * 12 - months;
  return { birthYear: Math.floor(total / 12), birthMonth: (total % 12) + 1 };
}

/** The token of the newest link mailed to this parent (the mail waits in the outbox: no mail server here). */
async function parentToken(parentEmail: string) {
  const [mail] = await app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, parentEmail), eq(mailOutbox.kind, 'parent-consent')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return /\/parent-consent\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

let courseId: string;
let week1: LessonListItem;
let assessmentId: string;

beforeAll(async () => {
  const adult = await signUp({});
  const cookie = cookieOf(adult);
  courseId = (await app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json<CourseSummary[]>()[0]!.id;
  week1 = (await app.inject({ method: 'GET', url: `/api/courses/${courseId}/lessons`, headers: { cookie } }))
    .json<LessonListItem[]>()
    .find((l) => l.weekNumber === 1)!;
  assessmentId = (await app.db.select({ id: assessments.id }).from(assessments).where(eq(assessments.lessonId, week1.id)))[0]!.id;
});

describe('a young person whose parent has not agreed yet', () => {
  it('reads the lesson and its quiz, but no attempt, tick, section read, opening or certificate is stored', async () => {
    const res = await signUp({ ...monthsAgo(14), country: 'FR', parentEmail: 'parent.wait1@example.org' });
    expect(res.json().consentStatus).toBe('pending_parent');
    const userId = res.json().id as string;
    const cookie = cookieOf(res);

    expect((await app.inject({ method: 'GET', url: `/api/lessons/${week1.id}`, headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/lessons/${week1.id}/assessment`, headers: { cookie } })).statusCode).toBe(200);
    expect(await app.db.select().from(learnerActivity).where(eq(learnerActivity.userId, userId))).toEqual([]);

    const key = crypto.randomUUID();
    // The draw of a waiting account is not stored either; its answers are kept on the device.
    const kept = await rightAnswers(cookie);
    expect(await app.db.select().from(assessmentDraws).where(eq(assessmentDraws.userId, userId))).toEqual([]);
    const submit = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessmentId}/submit`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload: kept,
    });
    expect(submit.statusCode).toBe(403);
    expect(submit.json().code).toBe('PARENT_CONSENT_PENDING');
    expect(submit.json().message).toContain('device');

    const today = new Date().toISOString().slice(0, 10);
    const changedAt = new Date().toISOString();
    const sync = await app.inject({
      method: 'PUT',
      url: '/api/challenge',
      headers: { ...json, cookie },
      payload: {
        courseId,
        today,
        days: [{ day: 1, isDone: true, date: today, changedAt }],
        sections: [{ lessonId: week1.id, section: 0, isRead: true, date: today, changedAt }],
      },
    });
    expect(sync.statusCode).toBe(403);
    expect(sync.json().code).toBe('PARENT_CONSENT_PENDING');

    const certificate = await app.inject({ method: 'POST', url: `/api/certificates/${courseId}`, headers: { cookie } });
    expect(certificate.statusCode).toBe(403);

    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, userId))).toEqual([]);
    expect(await app.db.select().from(challengeDays).where(eq(challengeDays.userId, userId))).toEqual([]);
    expect(await app.db.select().from(sectionReads).where(eq(sectionReads.userId, userId))).toEqual([]);
    expect(await app.db.select().from(certificates).where(eq(certificates.userId, userId))).toEqual([]);
    const progress = await app.inject({ method: 'GET', url: `/api/progress/${courseId}`, headers: { cookie } });
    expect(progress.json()).toMatchObject({ completedLessons: [], overallProgress: 0 });

    // The parent agrees: the answers kept on the device are sent again with the same key and stored once.
    const grant = await app.inject({
      method: 'POST',
      url: `/api/parent-consent/${await parentToken('parent.wait1@example.org')}`,
      headers: json,
      payload: { decision: 'grant' },
    });
    expect(grant.json()).toEqual({ status: 'granted' });
    const again = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessmentId}/submit`,
      headers: { ...json, cookie, 'idempotency-key': key },
      payload: kept,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().passed).toBe(true);
    // That draw is answered once.
    const twice = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessmentId}/submit`,
      headers: { ...json, cookie },
      payload: kept,
    });
    expect(twice.json().code).toBe('DRAW_USED');
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, userId))).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: `/api/lessons/${week1.id}`, headers: { cookie } })).statusCode).toBe(200);
    expect(await app.db.select().from(learnerActivity).where(eq(learnerActivity.userId, userId))).toHaveLength(1);
  });

  it('an account that needs no parent keeps its attempt as before', async () => {
    const res = await signUp({});
    expect(res.json().consentStatus).toBe('granted');
    const submit = await app.inject({
      method: 'POST',
      url: `/api/assessments/${assessmentId}/submit`,
      headers: { ...json, cookie: cookieOf(res) },
      payload: await rightAnswers(cookieOf(res)),
    });
    expect(submit.statusCode).toBe(200);
    expect(await app.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, res.json().id))).toHaveLength(1);
  });
});

describe('consent records by rule', () => {
  it("France under 15: the young person's own agreement and the parent's are both recorded as one joint consent", async () => {
    const res = await signUp({ ...monthsAgo(14), country: 'FR', parentEmail: 'parent.joint@example.org' });
    const userId = res.json().id as string;
    const token = await parentToken('parent.joint@example.org');
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).json()).toMatchObject({
      isGranted: false,
      isJoint: true,
    });
    await app.inject({ method: 'POST', url: `/api/parent-consent/${token}`, headers: json, payload: { decision: 'grant' } });
    const rows = await app.db.select().from(consents).where(eq(consents.userId, userId));
    expect(rows.map((r) => [r.kind, r.givenBy, r.rule, r.parentEmail, r.noticeVersion]).sort()).toEqual([
      ['faith-data', 'self', 'joint', null, PRIVACY_NOTICE_VERSION],
      ['parental', 'parent', 'joint', 'parent.joint@example.org', PRIVACY_NOTICE_VERSION],
    ]);
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).json()).toMatchObject({
      isGranted: true,
      isJoint: true,
    });
  });

  it('United States under 13: the parent consents for the young person; France at 15: the young person alone', async () => {
    const us = await signUp({ ...monthsAgo(12), country: 'US', parentEmail: 'parent.us@example.org' });
    const token = await parentToken('parent.us@example.org');
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).json().isJoint).toBe(false);
    await app.inject({ method: 'POST', url: `/api/parent-consent/${token}`, headers: json, payload: { decision: 'grant' } });
    const usRows = await app.db.select().from(consents).where(eq(consents.userId, us.json().id));
    expect(usRows.map((r) => [r.kind, r.givenBy, r.rule]).sort()).toEqual([
      ['faith-data', 'self', null],
      ['parental', 'parent', 'parent'],
    ]);

    const fifteen = await signUp({ ...monthsAgo(15, 1), country: 'FR' });
    expect(fifteen.json().consentStatus).toBe('granted');
    const ownRows = await app.db.select().from(consents).where(eq(consents.userId, fifteen.json().id));
    expect(ownRows.map((r) => [r.kind, r.givenBy, r.rule])).toEqual([['faith-data', 'self', null]]);
  });

  it('Denmark: a 14-year-old needs a parent (15 since 1 January 2024)', async () => {
    expect((await signUp({ ...monthsAgo(14, 6), country: 'DK' })).statusCode).toBe(400);
    expect((await signUp({ ...monthsAgo(14, 6), country: 'DK', parentEmail: 'parent.dk@example.org' })).json().consentStatus).toBe(
      'pending_parent',
    );
  });
});
