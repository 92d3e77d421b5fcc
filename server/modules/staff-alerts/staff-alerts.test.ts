import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, createUser, signedInUser } from '#test/app.ts';
import { linkIn, outboxSettled, sentTo, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { auditLog, callbackRequests } from '../../db/schema/index.ts';
import { CALLBACK_DIGEST_QUEUE, CALLBACK_ESCALATION_QUEUE } from './staff-alerts.service.ts';

const smtp: TestSmtp = await startTestSmtp();
afterAll(async () => smtp.stop());

const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test', TZ_DEFAULT: 'Europe/Paris' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
});

// The staff: an English admin, a French founder, a responder (coordinator); and people who follow nothing.
const admin = await createUser(app.db, { role: 'admin', firstName: 'Ada', locale: 'en' });
const founder = await createUser(app.db, { role: 'founder', firstName: 'Félix', locale: 'fr' });
const responder = await createUser(app.db, { role: 'coordinator', firstName: 'Rita', isResponder: true });
const ambassador = await createUser(app.db, { role: 'ambassador' });
const learner = await createUser(app.db);

const request = (body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/callback-requests',
    payload: {
      name: 'Jamie Private',
      phone: '+33 6 12 34 56 78',
      contactMethod: 'call',
      isVoicemailSafe: false,
      goodTime: '',
      language: 'fr',
      consent: true,
      ...body,
    },
  });
const to = sentTo;
/** Mails that arrived for `email` with this subject part. */
const arrived = (email: string, subject: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.includes(subject));
/** Every mail the outbox holds is sent (the workers are idle). */
const settled = () => outboxSettled(app.db);

beforeEach(async () => {
  await settled();
  smtp.received.length = 0;
});

describe('a new callback request', () => {
  it('mental or red/yellow: mailed at once to admins, founders and responders, in their language, with no name, number or answer', async () => {
    const res = await request({ category: 'mental', scoreBand: 'green' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    const en = await smtp.waitFor(to(admin.email));
    expect(en.subject).toBe('Callback request to answer within 24 hours (mental health)');
    expect(en.text).toContain('Hi Ada,');
    expect(en.text).toContain('mental health, Soul Health Check: green band');
    expect(linkIn(en, '/admin')).toBe(`https://god.test/admin?tab=callbacks&request=${id}`);
    expect(en.html).toContain(`href="https://god.test/admin?tab=callbacks&amp;request=${id}"`);

    const fr = await smtp.waitFor(to(founder.email));
    expect(fr.subject).toBe('Demande de rappel à traiter sous 24 heures (santé mentale)');
    expect(fr.text).toContain('Bonjour Félix,');
    expect(fr.text).toContain("santé mentale, bilan de santé de l'âme\u00a0: zone verte");
    await smtp.waitFor(to(responder.email));

    for (const mail of [en, fr]) {
      for (const secret of ['Jamie', 'Private', '12 34 56 78', '+33']) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html).not.toContain(secret);
      }
    }
    await settled();
    expect(smtp.received.filter((m) => m.to.includes(ambassador.email) || m.to.includes(learner.email))).toEqual([]);
    expect(smtp.received).toHaveLength(3);
  });

  it('a red or yellow band in any category is urgent too', async () => {
    await request({ category: 'financial', scoreBand: 'red' });
    await request({ category: 'spiritual', scoreBand: 'yellow' });
    await settled();
    expect(
      arrived(admin.email, 'within 24 hours')
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Callback request to answer within 24 hours (financial)', 'Callback request to answer within 24 hours (spiritual)']);
  });

  it('the others wait for the 8:00 digest: one mail per follower listing each, then nothing more', async () => {
    const { id: first } = (await request({ category: 'spiritual', scoreBand: 'green' })).json();
    const { id: second } = (await request({ category: 'emotional' })).json();
    const { id: closed } = (await request({ category: 'financial' })).json();
    await app.db.update(callbackRequests).set({ status: 'closed' }).where(eq(callbackRequests.id, closed));
    await settled();
    expect(smtp.received).toEqual([]);

    await app.jobs.runNow(CALLBACK_DIGEST_QUEUE, {});
    const digest = await smtp.waitFor(to(admin.email));
    expect(digest.subject).toBe('New callback requests since yesterday: 2');
    expect(digest.text).toContain('spiritual, Soul Health Check: green band, received');
    expect(digest.text).toContain('emotional, Soul Health Check: not taken, received');
    expect(digest.text).toContain(`https://god.test/admin?tab=callbacks&request=${first}`);
    expect(digest.text).toContain(`https://god.test/admin?tab=callbacks&request=${second}`);
    expect(digest.text).not.toContain(closed);
    // Times are written in TZ_DEFAULT.
    expect(digest.text).toMatch(/received .*GMT\+1|received .*CET/);
    expect(digest.text).not.toContain('Jamie');
    const fr = await smtp.waitFor(to(founder.email));
    expect(fr.subject).toBe('Nouvelles demandes de rappel depuis hier\u00a0: 2');
    await smtp.waitFor(to(responder.email));

    await settled();
    expect(smtp.received).toHaveLength(3);
    await app.jobs.runNow(CALLBACK_DIGEST_QUEUE, {});
    await settled();
    expect(smtp.received).toHaveLength(3);
  });

  it('is scheduled every day at 8:00 in TZ_DEFAULT, and overdue requests are looked for every 10 minutes', async () => {
    const schedules = await app.db.execute(sql`select name, cron, options->>'tz' as tz from pgboss.schedule order by name`);
    expect(schedules.rows).toEqual(
      expect.arrayContaining([
        { name: CALLBACK_DIGEST_QUEUE, cron: '0 8 * * *', tz: 'Europe/Paris' },
        { name: CALLBACK_ESCALATION_QUEUE, cron: '*/10 * * * *', tz: 'Europe/Paris' },
      ]),
    );
  });
});

describe('a request still new after its deadline', () => {
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const old = async (name: string, o: Partial<typeof callbackRequests.$inferInsert>) =>
    (
      await app.db
        .insert(callbackRequests)
        .values({ name, phone: '+1 555 0100', category: 'spiritual', alertedAt: new Date(), ...o })
        .returning()
    )[0]!;

  it('is escalated once to every admin (not responders), and the inbox marks it overdue', async () => {
    const urgentLate = await old('Urgent late', { category: 'mental', scoreBand: 'unknown', createdAt: hoursAgo(25) });
    const urgentOnTime = await old('Urgent on time', { scoreBand: 'red', createdAt: hoursAgo(23) });
    const otherOnTime = await old('Other on time', { createdAt: hoursAgo(30) });
    const otherLate = await old('Other late', { category: 'financial', createdAt: hoursAgo(49) });
    const contacted = await old('Contacted', { category: 'mental', createdAt: hoursAgo(60), status: 'contacted' });

    await app.jobs.runNow(CALLBACK_ESCALATION_QUEUE, {});
    await settled();
    const toAdmin = arrived(admin.email, 'Overdue');
    expect(toAdmin.map((m) => m.subject).sort()).toEqual([
      'Overdue: a callback request is still waiting (financial)',
      'Overdue: a callback request is still waiting (mental health)',
    ]);
    const mental = toAdmin.find((m) => m.subject.includes('mental'))!;
    expect(mental.text).toContain('is still new after 24 hours');
    expect(linkIn(mental, '/admin')).toBe(`https://god.test/admin?tab=callbacks&request=${urgentLate.id}`);
    expect(toAdmin.find((m) => m.subject.includes('financial'))!.text).toContain('is still new after 48 hours');
    expect(
      arrived(founder.email, 'En retard')
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      'En retard\u00a0: une demande de rappel attend toujours (financière)',
      'En retard\u00a0: une demande de rappel attend toujours (santé mentale)',
    ]);
    expect(smtp.received.filter((m) => m.to.includes(responder.email))).toEqual([]);
    expect(smtp.received).toHaveLength(4);

    // Once only.
    await app.jobs.runNow(CALLBACK_ESCALATION_QUEUE, {});
    await settled();
    expect(smtp.received).toHaveLength(4);

    const { cookie } = await signedInUser(app, { role: 'admin' });
    const inbox = (await app.inject({ method: 'GET', url: '/api/admin/callbacks?status=all', headers: { cookie } })).json();
    const flags = Object.fromEntries(
      inbox.items.map((i: { id: string; isOverdue: boolean; deadlineHours: number }) => [i.id, [i.isOverdue, i.deadlineHours]]),
    );
    expect(flags[urgentLate.id]).toEqual([true, 24]);
    expect(flags[urgentOnTime.id]).toEqual([false, 24]);
    expect(flags[otherOnTime.id]).toEqual([false, 48]);
    expect(flags[otherLate.id]).toEqual([true, 48]);
    expect(flags[contacted.id]).toEqual([false, 24]);
  });
});

describe('responders', () => {
  it('an admin marks someone as a responder (audited); from then on they get the alerts, and not after it is removed', async () => {
    const helper = await createUser(app.db, { role: 'ambassador', firstName: 'Hana' });
    const { cookie } = await signedInUser(app, { role: 'admin' });
    const set = (isResponder: unknown, c = cookie) =>
      app.inject({ method: 'PUT', url: `/api/admin/users/${helper.id}/responder`, headers: { cookie: c }, payload: { isResponder } });

    const on = await set(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ id: helper.id, isResponder: true });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, helper.id), eq(auditLog.action, 'user.responder_changed')));
    expect(entry!.details).toMatchObject({ from: false, to: true });
    const directory = (
      await app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(helper.email)}`, headers: { cookie } })
    ).json();
    expect(directory.users[0]).toMatchObject({ id: helper.id, isResponder: true });

    await request({ category: 'mental' });
    await smtp.waitFor(to(helper.email));
    await settled();
    smtp.received.length = 0;

    expect((await set(false)).statusCode).toBe(200);
    await request({ category: 'mental' });
    await settled();
    expect(smtp.received.some((m) => m.to.includes(helper.email))).toBe(false);
    expect(smtp.received.some((m) => m.to.includes(admin.email))).toBe(true);
  });

  it('only admins set the flag, and the body is checked', async () => {
    const target = await createUser(app.db);
    const url = `/api/admin/users/${target.id}/responder`;
    expect((await app.inject({ method: 'PUT', url, payload: { isResponder: true } })).statusCode).toBe(401);
    const coordinator = await signedInUser(app, { role: 'coordinator' });
    expect(
      (await app.inject({ method: 'PUT', url, headers: { cookie: coordinator.cookie }, payload: { isResponder: true } })).statusCode,
    ).toBe(403);
    const { cookie } = await signedInUser(app, { role: 'founder' });
    const bad = await app.inject({ method: 'PUT', url, headers: { cookie }, payload: { isResponder: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('isResponder');
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/users/00000000-0000-4000-8000-000000000000/responder',
      headers: { cookie },
      payload: { isResponder: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
