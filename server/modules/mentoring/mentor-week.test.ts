import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import type { DiscipleWeek } from '#common/contracts/mentor-week.ts';
import { createTestApp, createUser, sessionCookie } from '#test/app.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';
import { startTestSmtp } from '#test/smtp.ts';

import { assessmentAttempts, challengeDays, encouragements, learnerActivity, mailOutbox } from '../../db/schema/index.ts';

const smtp = await startTestSmtp();
afterAll(async () => smtp.stop());
const app = await createTestApp({ env: { SMTP_URL: smtp.url }, jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 } });

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const lessonsOf = await primaryCourseLessons(app.db);

async function attempt(userId: string, week: number, passed: boolean, when: Date) {
  const l = lessonsOf[week - 1]!;
  await app.db
    .insert(assessmentAttempts)
    .values({ userId, lessonId: l.lessonId, assessmentId: l.assessmentId, answers: [], score: passed ? 90 : 30, passed, createdAt: when });
}
const opened = (userId: string, when: Date) => app.db.insert(learnerActivity).values({ userId, lastLessonOpenedAt: when });

/**
 * A seeded tree: one mentor with seven direct disciples in different situations, a disciple of a
 * disciple, and someone else's disciple. The panel must show the seven, right, in attention order.
 */
async function seedTree() {
  const mentor = await createUser(app.db, { firstName: 'Maya', lastName: 'Mentor', createdAt: daysAgo(60) });
  const d = async (firstName: string, over: Parameters<typeof createUser>[1] = {}) =>
    createUser(app.db, { firstName, lastName: 'Tree', mentorId: mentor.id, createdAt: daysAgo(30), ...over });
  const stalled = await d('Stella');
  await attempt(stalled.id, 1, true, daysAgo(20));
  await opened(stalled.id, daysAgo(10));
  const stuck = await d('Sam');
  await attempt(stuck.id, 1, true, daysAgo(12));
  await attempt(stuck.id, 2, false, daysAgo(3));
  await attempt(stuck.id, 2, false, daysAgo(2));
  const both = await d('Bo');
  await attempt(both.id, 1, false, daysAgo(15));
  await attempt(both.id, 1, false, daysAgo(14));
  const finished = await d('Fin');
  await attempt(finished.id, 1, true, daysAgo(9));
  await attempt(finished.id, 2, false, daysAgo(3));
  await attempt(finished.id, 2, true, daysAgo(2));
  const newcomer = await d('Nina', { createdAt: daysAgo(2) });
  const silent = await d('Silas', { createdAt: daysAgo(10) });
  const done = await d('Dora');
  for (let w = 1; w <= lessonsOf.length; w++) await attempt(done.id, w, true, daysAgo(40 - w));
  const grandchild = await createUser(app.db, { firstName: 'Grand', mentorId: stalled.id });
  const otherMentor = await createUser(app.db);
  const stranger = await createUser(app.db, { firstName: 'Other', mentorId: otherMentor.id });
  return { mentor, stalled, stuck, both, finished, newcomer, silent, done, grandchild, stranger };
}

const tree = await seedTree();
const mentorCookie = await sessionCookie(app, tree.mentor.id);
const getWeek = async (cookie = mentorCookie) => {
  const res = await app.inject({ method: 'GET', url: '/api/disciples/week', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().disciples as DiscipleWeek[];
};

describe('the mentor\'s "This week" panel', () => {
  it('lists each direct disciple with last activity, current week and flags, who needs attention first', async () => {
    const week = await getWeek();
    expect(week.map((d) => d.firstName)).toEqual(['Bo', 'Sam', 'Silas', 'Stella', 'Fin', 'Nina', 'Dora']);
    const by = Object.fromEntries(week.map((d) => [d.firstName, d]));
    expect(by.Bo).toMatchObject({ currentWeek: 1, isStalled: true, failedTwiceWeek: 1, finishedWeek: null, isCourseCompleted: false });
    expect(by.Sam).toMatchObject({ currentWeek: 2, isStalled: false, failedTwiceWeek: 2, finishedWeek: null });
    // Never active, signed up 10 days ago: stalled, counted from sign-up.
    expect(by.Silas).toMatchObject({ currentWeek: 1, isStalled: true, lastActivityAt: null, failedTwiceWeek: null });
    // The last lesson opened (10 days ago) is later than the last quiz (20 days ago).
    expect(by.Stella).toMatchObject({ currentWeek: 2, isStalled: true, failedTwiceWeek: null });
    expect(Date.parse(by.Stella!.lastActivityAt!)).toBeCloseTo(daysAgo(10).getTime(), -4);
    // Passed week 2 two days ago (after one failure: not "failed twice").
    expect(by.Fin).toMatchObject({ currentWeek: 3, isStalled: false, failedTwiceWeek: null, finishedWeek: 2 });
    expect(by.Nina).toMatchObject({ currentWeek: 1, isStalled: false, lastActivityAt: null });
    expect(by.Dora).toMatchObject({ currentWeek: null, isCourseCompleted: true, isStalled: false, finishedWeek: null });
    for (const d of week) expect(d).toMatchObject({ acceptsEncouragement: true, lastEncouragedAt: null, nextEncouragementAt: null });
  });

  it('shows a disciple the panel of their own disciples only, and a person without disciples an empty list', async () => {
    const week = await getWeek(await sessionCookie(app, tree.stalled.id));
    expect(week.map((d) => d.firstName)).toEqual(['Grand']);
    expect(await getWeek(await sessionCookie(app, tree.newcomer.id))).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/disciples/week' })).statusCode).toBe(401);
  });

  it('counts opening a lesson as activity: a stalled disciple who opens one is no longer stalled', async () => {
    const cookie = await sessionCookie(app, tree.silent.id);
    const res = await app.inject({ method: 'GET', url: `/api/lessons/${lessonsOf[0]!.lessonId}?lang=en`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const silas = (await getWeek()).find((d) => d.id === tree.silent.id)!;
    expect(silas.isStalled).toBe(false);
    expect(Date.now() - Date.parse(silas.lastActivityAt!)).toBeLessThan(60_000);
  });

  it('counts a challenge day ticked as activity too', async () => {
    const course = (await app.db.execute<{ id: string }>(sql`select public.app_primary_course() as id`)).rows[0]!.id;
    const ticked = await createUser(app.db, { firstName: 'Tia', mentorId: tree.mentor.id, createdAt: daysAgo(20) });
    expect((await getWeek()).find((d) => d.id === ticked.id)!.isStalled).toBe(true);
    await app.db
      .insert(challengeDays)
      .values({ userId: ticked.id, courseId: course, day: 1, isDone: true, activeOn: '2026-11-22', changedAt: daysAgo(1) });
    const shown = (await getWeek()).find((d) => d.id === ticked.id)!;
    expect(shown.isStalled).toBe(false);
    expect(Date.parse(shown.lastActivityAt!)).toBeCloseTo(daysAgo(1).getTime(), -4);
  });
});

describe('send encouragement', () => {
  it('mails the chosen message to the disciple in their language, through the outbox, with a one-click unsubscribe', async () => {
    const nina = await createUser(app.db, { firstName: 'Noé', mentorId: tree.mentor.id, locale: 'fr' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/disciples/${nina.id}/encouragements`,
      headers: { cookie: mentorCookie },
      payload: { message: 'prayingForYou' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Date.parse(body.nextEncouragementAt) - Date.parse(body.sentAt)).toBe(7 * 86_400_000);
    const mail = await smtp.waitFor((m) => m.to.includes(nina.email));
    expect(mail.subject).toBe("Un mot d'encouragement de Maya Mentor");
    expect(mail.text).toContain('Bonjour Noé,');
    expect(mail.text).toContain('Je prie pour toi. Je suis là si tu as besoin.');
    expect(mail.html).toContain('Je prie pour toi.');
    // mailparser reads the List-* headers into one object.
    const list = mail.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    expect(list.unsubscribe.url).toMatch(/^http:\/\/localhost:5000\/unsubscribe\/encouragement\.[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(mail.text).toContain(list.unsubscribe.url);
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, nina.email));
    expect(row).toMatchObject({ kind: 'mentor-encouragement', locale: 'fr' });
    const shown = (await getWeek()).find((d) => d.id === nina.id)!;
    expect(shown.lastEncouragedAt).toBe(body.sentAt);
    expect(shown.nextEncouragementAt).toBe(body.nextEncouragementAt);
  });

  it('refuses a second one within a week (429 with a message), also when two are sent at once', async () => {
    const d = await createUser(app.db, { mentorId: tree.mentor.id });
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/disciples/${d.id}/encouragements`,
        headers: { cookie: mentorCookie },
        payload: { message: 'keepGoing' },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 429]);
    const refused = [a, b].find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'ENCOURAGED_RECENTLY' });
    expect(refused.json().message).toMatch(/less than 7 days ago/);
    expect((await app.db.select().from(encouragements).where(eq(encouragements.userId, d.id))).length).toBe(1);
    // Eight days later it may be sent again.
    await app.db
      .update(encouragements)
      .set({ createdAt: daysAgo(8) })
      .where(eq(encouragements.userId, d.id));
    expect((await send()).statusCode).toBe(201);
  });

  it('refuses someone who is not a direct disciple (404), a disciple who turned encouragement off (409), and bad input (400)', async () => {
    const post = (id: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/disciples/${id}/encouragements`, headers: { cookie: mentorCookie }, payload });
    for (const id of [tree.grandchild.id, tree.stranger.id, tree.mentor.id, crypto.randomUUID()]) {
      const res = await post(id, { message: 'keepGoing' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This person is not one of your direct disciples.');
    }
    const off = await createUser(app.db, { firstName: 'Otto', mentorId: tree.mentor.id, notifyEncouragement: false });
    const res = await post(off.id, { message: 'keepGoing' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ENCOURAGEMENT_OFF' });
    expect((await getWeek()).find((d) => d.id === off.id)!.acceptsEncouragement).toBe(false);
    // A disciple an admin deactivated gets no mail, not even from their mentor.
    const deactivated = await createUser(app.db, { firstName: 'Dana', mentorId: tree.mentor.id, deactivatedAt: daysAgo(1) });
    const refused = await post(deactivated.id, { message: 'keepGoing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ENCOURAGEMENT_OFF' });
    expect((await getWeek()).find((d) => d.id === deactivated.id)!.acceptsEncouragement).toBe(false);
    expect((await post(tree.stuck.id, { message: 'made up' })).statusCode).toBe(400);
    expect((await post(tree.stuck.id, {})).statusCode).toBe(400);
    expect((await post('not-an-id', { message: 'keepGoing' })).statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: `/api/disciples/${tree.stuck.id}/encouragements`, payload: { message: 'keepGoing' } }))
        .statusCode,
    ).toBe(401);
    const count = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from encouragements where user_id in (${tree.stuck.id}, ${off.id}, ${deactivated.id}, ${tree.grandchild.id})`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('the messages a mentor picks from', () => {
  it('are the words the disciple receives, in both languages', async () => {
    const { readFile } = await import('node:fs/promises');
    const { mailTexts } = await import('../mail/mail.templates.ts');
    const { encouragementMessages } = await import('#common/contracts/mentor-week.ts');
    for (const lng of ['en', 'fr'] as const) {
      const client = JSON.parse(await readFile(`client/public/locales/${lng}/mentor-week.json`, 'utf8')).encourage.messages;
      expect(Object.keys(client).sort()).toEqual([...encouragementMessages].sort());
      expect(client).toEqual(mailTexts[lng].mentorEncouragement.messages);
    }
  });
});
