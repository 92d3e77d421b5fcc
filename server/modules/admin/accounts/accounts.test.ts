import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { type DirectoryRow } from '#common/contracts/admin.ts';
import { auditLog, mailOutbox, sessions, users } from '#server/db/schema/index.ts';
import { createTestApp, createUser, sessionCookie, signedInUser } from '#test/app.ts';

import { adminServicesFactory } from '../admin.services.ts';

const app = await createTestApp();
const password = 'a long and private passphrase 42';
const admin = await signedInUser(app, { role: 'admin' });
const founder = await signedInUser(app, { role: 'founder' });

const deactivation = (cookie: string, id: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/admin/users/${id}/deactivation`, headers: { cookie }, payload: payload as object });
const remove = (cookie: string, id: string) => app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: { cookie } });
const signIn = (email: string, pw = password) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: pw } });
const me = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
const directoryRow = async (email: string): Promise<DirectoryRow | undefined> =>
  (
    await app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(email)}`, headers: { cookie: admin.cookie } })
  ).json().users[0];
const auditOf = async (targetId: string) =>
  (await app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id)).map((e) => ({
    action: e.action,
    actorId: e.actorId,
    details: e.details,
  }));

describe('deactivating an account from the directory', () => {
  it('refuses sign-in with a clear message, ends the sessions, keeps the data, and can be undone; audited by id', async () => {
    const person = await createUser(app.db, { password, firstName: 'Dana', lastName: 'Keep' });
    const cookie = await sessionCookie(app, person.id);
    expect(await me(cookie)).toMatchObject({ id: person.id });

    const res = await deactivation(admin.cookie, person.id, { isDeactivated: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: person.id, isDeactivated: true });

    expect(await me(cookie)).toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
    const refused = await signIn(person.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_DEACTIVATED',
      message: 'This account was deactivated by the team. Write to us if you think this is a mistake.',
    });
    // A wrong password learns nothing about the account.
    expect((await signIn(person.email, 'not the password at all')).json().code).toBe('INVALID_CREDENTIALS');
    // Kept, and shown as deactivated in the directory.
    expect(await directoryRow(person.email)).toMatchObject({ id: person.id, firstName: 'Dana', lastName: 'Keep', isDeactivated: true });

    const back = await deactivation(admin.cookie, person.id, { isDeactivated: false });
    expect(back.json()).toEqual({ id: person.id, isDeactivated: false });
    expect((await signIn(person.email)).statusCode).toBe(200);
    expect(await directoryRow(person.email)).toMatchObject({ isDeactivated: false });

    expect(await auditOf(person.id)).toEqual([
      { action: 'user.deactivated', actorId: admin.user.id, details: {} },
      { action: 'user.reactivated', actorId: admin.user.id, details: {} },
    ]);
  });

  it('a password reset of a deactivated account changes the password but signs nobody in, and says why', async () => {
    const person = await createUser(app.db, { password });
    await deactivation(admin.cookie, person.id, { isDeactivated: true });
    expect((await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: person.email } })).statusCode).toBe(202);
    const [mail] = await app.db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'a brand new long passphrase' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect(res.cookies.filter((c) => c.value)).toEqual([]);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);
  });

  it('asking twice changes nothing and records nothing more', async () => {
    const person = await createUser(app.db);
    await deactivation(admin.cookie, person.id, { isDeactivated: true });
    expect((await deactivation(admin.cookie, person.id, { isDeactivated: true })).json()).toEqual({ id: person.id, isDeactivated: true });
    expect(await auditOf(person.id)).toHaveLength(1);
  });
});

describe('a deactivated account', () => {
  it('a deactivated account gets no mail: no callback alerts, no encouragement, no mentor digest', async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const off = { deactivatedAt: new Date() };
    const [activeAdmin, offAdmin, offResponder] = [
      await createUser(app.db, { role: 'admin' }),
      await createUser(app.db, { role: 'admin', ...off }),
      await createUser(app.db, { role: 'coordinator', isResponder: true, ...off }),
    ];
    const [dueLearner, offLearner] = [
      await createUser(app.db, { createdAt: daysAgo(30) }),
      await createUser(app.db, { createdAt: daysAgo(30), ...off }),
    ];
    const offMentor = await createUser(app.db, off);
    await createUser(app.db, { mentorId: offMentor.id });

    const created = await app.inject({
      method: 'POST',
      url: '/api/callback-requests',
      payload: {
        name: 'Jamie',
        phone: '+33 6 12 34 56 78',
        category: 'mental',
        contactMethod: 'call',
        isVoicemailSafe: false,
        goodTime: '',
        language: 'en',
        consent: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    await app.encouragement.sendDue();
    await app.mentorDigest.sendWeekly();

    const mailedTo = async (email: string) =>
      (await app.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => m.kind);
    expect((await mailedTo(activeAdmin.email)).length).toBeGreaterThan(0);
    expect((await mailedTo(dueLearner.email)).length).toBeGreaterThan(0);
    for (const person of [offAdmin, offResponder, offLearner, offMentor]) expect(await mailedTo(person.email), person.role).toEqual([]);
  });
});

describe('deleting an account from the directory', () => {
  it('erases it as a deletion from settings does: the person cannot sign in, the mentor counts one disciple less, the audit keeps ids', async () => {
    const mentor = await createUser(app.db, { firstName: 'Mona' });
    const person = await createUser(app.db, { password, mentorId: mentor.id });
    await createUser(app.db, { mentorId: mentor.id });
    const stats = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json().totalUsers as number;
    const before = { total: await stats(), mentor: await directoryRow(mentor.email) };
    expect(before.mentor!.pendingDisciplesCount).toBe(2);

    const res = await remove(admin.cookie, person.id);
    expect(res.statusCode, res.body).toBe(204);

    expect(await app.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect((await signIn(person.email)).json().code).toBe('INVALID_CREDENTIALS');
    expect(await stats()).toBe(before.total - 1);
    expect((await directoryRow(mentor.email))!.pendingDisciplesCount).toBe(1);
    expect(await auditOf(person.id)).toEqual([{ action: 'account.deleted', actorId: admin.user.id, details: { by: 'admin' } }]);
    expect((await remove(admin.cookie, person.id)).statusCode).toBe(404);
  });
});

describe('the rules', () => {
  it('an admin cannot deactivate or delete their own account', async () => {
    for (const res of [
      await deactivation(admin.cookie, admin.user.id, { isDeactivated: true }),
      await remove(admin.cookie, admin.user.id),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('OWN_ACCOUNT');
    }
    expect(await me(admin.cookie)).toMatchObject({ id: admin.user.id });
  });

  it('only a founder deactivates or deletes an admin or a founder', async () => {
    const otherAdmin = await createUser(app.db, { role: 'admin' });
    const otherFounder = await createUser(app.db, { role: 'founder' });
    for (const target of [otherAdmin, otherFounder]) {
      for (const res of [await deactivation(admin.cookie, target.id, { isDeactivated: true }), await remove(admin.cookie, target.id)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('ROLE_FOUNDER_ONLY');
      }
    }
    expect((await deactivation(founder.cookie, otherAdmin.id, { isDeactivated: true })).statusCode).toBe(200);
    expect((await remove(founder.cookie, otherAdmin.id)).statusCode).toBe(204);
    // The refusals are recorded with their reason, by id.
    const refused = await app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.action-refused'));
    expect(refused.filter((e) => e.targetId === otherFounder.id).map((e) => (e.details as { code: string }).code)).toEqual([
      'ROLE_FOUNDER_ONLY',
      'ROLE_FOUNDER_ONLY',
    ]);
  });

  it('two founders deactivating each other at once: one of them stays active (the last founder is never locked out)', async () => {
    const app2 = await createTestApp();
    const [a, b] = [await createUser(app2.db, { role: 'founder' }), await createUser(app2.db, { role: 'founder' })];
    // At the service, past the session check, so both requests really meet at the founder lock.
    const { accounts } = adminServicesFactory(app2.db);
    const deactivate = (actor: typeof a, target: typeof a) =>
      accounts.setDeactivated({ actor: { kind: 'user', id: actor.id, role: 'founder' }, targetId: target.id, isDeactivated: true });
    const results = await Promise.allSettled([deactivate(a, b), deactivate(b, a)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_FOUNDER' });
    const founders = await app2.db.select({ at: users.deactivatedAt }).from(users).where(eq(users.role, 'founder'));
    expect(founders.map((f) => f.at === null).sort()).toEqual([false, true]);
  });

  it('validates what it is sent, and needs a recent password or code', async () => {
    const person = await createUser(app.db);
    const bad = await deactivation(admin.cookie, person.id, { isDeactivated: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('isDeactivated');
    expect((await deactivation(admin.cookie, person.id, {})).statusCode).toBe(400);
    expect((await deactivation(admin.cookie, 'not-a-uuid', { isDeactivated: true })).statusCode).toBe(400);
    expect((await remove(admin.cookie, 'not-a-uuid')).statusCode).toBe(400);
    expect((await deactivation(admin.cookie, '00000000-0000-4000-8000-000000000000', { isDeactivated: true })).statusCode).toBe(404);

    const stale = await signedInUser(app, { role: 'admin' });
    await app.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, stale.user.id));
    for (const res of [await deactivation(stale.cookie, person.id, { isDeactivated: true }), await remove(stale.cookie, person.id)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('REAUTH_REQUIRED');
    }
    const learner = await signedInUser(app);
    expect((await remove(learner.cookie, person.id)).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/users/${person.id}` })).statusCode).toBe(401);
    expect(await app.db.select({ id: users.id }).from(users).where(eq(users.id, person.id))).toHaveLength(1);
  });
});
