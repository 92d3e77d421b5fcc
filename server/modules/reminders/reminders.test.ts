import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp, createUser } from '#test/app.ts';
import { passLessons, primaryCourseLessons } from '#test/course-progress.ts';
import { startTestSmtp, type ReceivedMail } from '#test/smtp.ts';

import { assessmentAttempts, discipleInvitations, encouragements, learnerActivity, mailOutbox, users } from '../../db/schema/index.ts';
import { MENTOR_DIGEST_QUEUE } from '../mentoring/mentor-digest.service.ts';
import { ENCOURAGEMENT_QUEUE } from './encouragement.service.ts';

const smtp = await startTestSmtp();
afterAll(async () => smtp.stop());
const app = await createTestApp({
  env: { SMTP_URL: smtp.url, TZ_DEFAULT: 'Europe/Paris' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const lessons = await primaryCourseLessons(app.db);
const attempt = (userId: string, week: number, passed: boolean, when: Date) =>
  app.db.insert(assessmentAttempts).values({
    userId,
    lessonId: lessons[week - 1]!.lessonId,
    assessmentId: lessons[week - 1]!.assessmentId,
    answers: [],
    score: passed ? 90 : 30,
    passed,
    createdAt: when,
  });
const mailsTo = async (email: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(mailOutbox.createdAt);
const list = (m: ReceivedMail) => m.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };

describe('encouragement mails', () => {
  it('mail a learner who has not opened a lesson for 7 days once a week, at most 3 in a row, through SMTP with one-click unsubscribe', async () => {
    const learner = await createUser(app.db, { firstName: 'Léa', locale: 'fr', createdAt: daysAgo(60) });
    await attempt(learner.id, 1, true, daysAgo(59));
    await app.db.insert(learnerActivity).values({ userId: learner.id, lastLessonOpenedAt: daysAgo(40) });

    await app.encouragement.sendDue();
    const first = await smtp.waitFor((m) => m.to.includes(learner.email));
    expect(first.subject).toBe("Ta prochaine leçon t'attend");
    expect(first.text).toContain('Bonjour Léa,');
    expect(first.text).toContain("Cela fait une semaine que tu n'as pas ouvert de leçon.");
    expect(first.html).toContain('Ouvrir mon cours');
    expect(list(first)['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    expect(first.text).toContain(list(first).unsubscribe.url);
    // The same day, or any day this week: nothing more.
    await app.encouragement.sendDue();
    expect(await mailsTo(learner.email)).toHaveLength(1);

    // A week later, still nothing opened: the second (with the week they are in), then the third.
    await app.db
      .update(encouragements)
      .set({ createdAt: sql`${encouragements.createdAt} - interval '8 days'` })
      .where(eq(encouragements.userId, learner.id));
    await app.encouragement.sendDue();
    await app.db
      .update(encouragements)
      .set({ createdAt: sql`${encouragements.createdAt} - interval '8 days'` })
      .where(eq(encouragements.userId, learner.id));
    await app.encouragement.sendDue();
    const texts = (await mailsTo(learner.email)).map((m) => m.text);
    expect(texts).toHaveLength(3);
    expect(texts[1]).toContain('à la semaine 2.');
    expect(texts[2]).toContain("C'est notre dernier rappel pour l'instant.");
    // Three in a row without any activity: they stop.
    await app.db
      .update(encouragements)
      .set({ createdAt: sql`${encouragements.createdAt} - interval '8 days'` })
      .where(eq(encouragements.userId, learner.id));
    await app.encouragement.sendDue();
    expect(await mailsTo(learner.email)).toHaveLength(3);

    // Any activity (here a quiz, after the last mail) starts the count again once a week has passed.
    const last = (await app.db.select().from(encouragements).where(eq(encouragements.userId, learner.id))).map((e) =>
      e.createdAt.getTime(),
    );
    await attempt(learner.id, 2, false, new Date(Math.max(...last) + 3_600_000));
    await app.encouragement.sendDue();
    const after = await mailsTo(learner.email);
    expect(after).toHaveLength(4);
    expect(after[3]!.text).toContain("Cela fait une semaine que tu n'as pas ouvert de leçon.");
  });

  it('leave alone whoever opened a lesson this week, finished the course, turned them off, is not onboarded, or was encouraged by their mentor this week', async () => {
    const recent = await createUser(app.db, { createdAt: daysAgo(30) });
    await app.db.insert(learnerActivity).values({ userId: recent.id, lastLessonOpenedAt: daysAgo(3) });
    const newcomer = await createUser(app.db, { createdAt: daysAgo(2) });
    const done = await createUser(app.db, { createdAt: daysAgo(60) });
    await passLessons(app.db, done.id);
    const off = await createUser(app.db, { createdAt: daysAgo(30), notifyEncouragement: false });
    const pending = await createUser(app.db, { createdAt: daysAgo(30), onboardingStatus: 'pending' });
    const mentored = await createUser(app.db, { createdAt: daysAgo(30) });
    await app.db.insert(encouragements).values({ userId: mentored.id, source: 'mentor', messageKey: 'keepGoing', createdAt: daysAgo(2) });
    const due = await createUser(app.db, { createdAt: daysAgo(8) });
    await app.encouragement.sendDue();
    for (const u of [recent, newcomer, done, off, pending, mentored]) expect(await mailsTo(u.email), u.email).toHaveLength(0);
    expect(await mailsTo(due.email)).toHaveLength(1);
  });

  it('run every day at 10:00 and the digest on Mondays at 9:00, in TZ_DEFAULT', async () => {
    const schedules = await app.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name in (${ENCOURAGEMENT_QUEUE}, ${MENTOR_DIGEST_QUEUE}) order by name`,
    );
    expect(schedules.rows).toEqual([
      { name: ENCOURAGEMENT_QUEUE, cron: '0 10 * * *', timezone: 'Europe/Paris' },
      { name: MENTOR_DIGEST_QUEUE, cron: '0 9 * * 1', timezone: 'Europe/Paris' },
    ]);
  });
});

describe('the weekly mentor digest', () => {
  it('tells a mentor who finished a week, who stalled, who failed a quiz twice and which invitations wait, with a link to the tree', async () => {
    const mentor = await createUser(app.db, { firstName: 'Marc', locale: 'fr' });
    const d = (firstName: string) => createUser(app.db, { firstName, lastName: 'Tree', mentorId: mentor.id, createdAt: daysAgo(30) });
    const fin = await d('Fin');
    await attempt(fin.id, 1, true, daysAgo(2));
    const stella = await d('Stella');
    await app.db.insert(learnerActivity).values({ userId: stella.id, lastLessonOpenedAt: daysAgo(12) });
    await d('Silas');
    const sam = await d('Sam');
    await attempt(sam.id, 1, false, daysAgo(3));
    await attempt(sam.id, 1, false, daysAgo(1));
    await d('Quiet').then((q) => attempt(q.id, 1, false, daysAgo(1)));
    await app.db.insert(discipleInvitations).values({ mentorId: mentor.id, fullName: 'Ines Invitee', email: 'ines@example.org' });

    await app.mentorDigest.sendWeekly();
    const mail = await smtp.waitFor((m) => m.to.includes(mentor.email));
    expect(mail.subject).toBe('Tes disciples cette semaine');
    expect(mail.text).toContain('Bonjour Marc,');
    expect(mail.text).toContain('Ont terminé une semaine\n- Fin Tree, semaine 1');
    expect(mail.text).toContain(
      `Aucune activité depuis 7 jours ou plus\n- Silas Tree, aucune activité pour l'instant\n- Stella Tree, dernière activité il y a 12 jours`,
    );
    expect(mail.text).toContain('Ont échoué deux fois au même quiz\n- Sam Tree, semaine 1');
    expect(mail.text).toContain("Invitations en attente d'inscription\n- Ines Invitee (ines@example.org)");
    expect(mail.text).not.toContain('Quiet');
    expect(mail.text).toContain('/disciple-tree');
    expect(mail.html).toContain('<h2');
    expect(list(mail).unsubscribe.url).toMatch(/\/unsubscribe\/mentor-digest\./);

    // A second run the same week mails nobody twice.
    await app.mentorDigest.sendWeekly();
    expect(await mailsTo(mentor.email)).toHaveLength(1);
  });

  it('sends nothing to a mentor who turned it off, to one with nothing to report, or to someone without disciples', async () => {
    const off = await createUser(app.db, { notifyMentorDigest: false });
    await createUser(app.db, { mentorId: off.id, createdAt: daysAgo(30) });
    const calm = await createUser(app.db);
    const busy = await createUser(app.db, { mentorId: calm.id, createdAt: daysAgo(30) });
    await app.db.insert(learnerActivity).values({ userId: busy.id, lastLessonOpenedAt: daysAgo(1) });
    const alone = await createUser(app.db);
    await app.mentorDigest.sendWeekly();
    for (const u of [off, calm, alone]) expect(await mailsTo(u.email)).toHaveLength(0);
    // Turned back on (settings), the opted-out mentor gets it.
    await app.db.update(users).set({ notifyMentorDigest: true }).where(eq(users.id, off.id));
    await app.mentorDigest.sendWeekly();
    expect(await mailsTo(off.email)).toHaveLength(1);
  });
});
