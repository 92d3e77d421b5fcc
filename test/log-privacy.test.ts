import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { mailOutbox, parentalConsents } from '#server/db/schema/index.ts';

import { adultSignUp, createTestApp, sessionTokenFrom, signedInUser, signUpAndConfirm } from './app.ts';

/**
 * A failed query's error carries the query's parameters (and PostgreSQL's "Failing row contains
 * (...)" detail): none of it may reach the log, whatever the level.
 */
const logLines: string[] = [];
const app = await createTestApp({ logLines, env: { LOG_LEVEL: 'trace' } });
const json = { 'content-type': 'application/json' };

describe('database errors in the log', () => {
  it('logs a failed sign-up without its email, names or password hash', async () => {
    // Any sign-up of this name now fails inside PostgreSQL, after the password was hashed.
    await app.db.execute(sql`alter table pending_sign_ups add constraint leak_probe check (details->>'firstName' <> 'Probe')`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: json,
      payload: {
        ...adultSignUp,
        firstName: 'Probe',
        lastName: 'Surname-Secret',
        email: 'leaky.person@example.org',
        password: 'a secret passphrase',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    const log = logLines.join('');
    // The failure is logged, with the constraint that refused it...
    expect(log).toContain('request failed');
    expect(log).toContain('leak_probe');
    // ...but none of the row's values.
    expect(log).not.toContain('leaky.person');
    expect(log).not.toContain('Surname-Secret');
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain('a secret passphrase');
  });

  it('logs a failed callback request without the phone number', async () => {
    const { cookie } = await signedInUser(app);
    await app.db.execute(sql`alter table callback_requests add constraint phone_probe check (phone <> '+1 555 867 5309')`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/callback-requests',
      headers: { ...json, cookie },
      payload: {
        name: 'Jenny Probe',
        phone: '+1 555 867 5309',
        category: 'mental',
        contactMethod: 'call',
        isVoicemailSafe: true,
        goodTime: 'after 6',
        language: 'en',
        consent: true,
      },
    });
    expect(res.statusCode).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('phone_probe');
    expect(log).not.toContain('867 5309');
    expect(log).not.toContain('Jenny Probe');
  });
});

describe('the personal-data routes in the log', () => {
  it('logs an export and a deletion (and a refused one) by route and account id only', async () => {
    const { hashPassword } = await import('#server/lib/password.ts');
    const { user, cookie } = await signedInUser(app, {
      firstName: 'Exportina',
      lastName: 'Logcheck',
      phone: '+1 555 246 8101',
      passwordHash: await hashPassword('an exported passphrase', 10),
    });
    logLines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/me/export', headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/me', headers: { ...json, cookie }, payload: { password: 'a wrong passphrase' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/me',
          headers: { ...json, cookie },
          payload: { password: 'an exported passphrase' },
        })
      ).statusCode,
    ).toBe(204);
    const log = logLines.join('');
    expect(log).toContain('/api/me/export');
    expect(log).toContain(user.id);
    for (const secret of [user.email, 'Exportina', 'Logcheck', '246 8101', 'passphrase', 'scrypt$']) expect(log).not.toContain(secret);
  });

  it("logs an admin's deactivation, reactivation and deletion of an account, and the refused sign-in, by route and ids only", async () => {
    const { hashPassword } = await import('#server/lib/password.ts');
    const admin = await signedInUser(app, { role: 'admin' });
    const { user } = await signedInUser(app, {
      firstName: 'Deactivina',
      lastName: 'Logcheck',
      phone: '+1 555 135 7911',
      passwordHash: await hashPassword('a deactivated passphrase', 10),
    });
    logLines.length = 0;
    const as = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      app.inject({ method, url, headers: { ...(payload ? json : {}), cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    expect((await as('PUT', `/api/admin/users/${user.id}/deactivation`, { isDeactivated: true })).statusCode).toBe(200);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: { email: user.email, password: 'a deactivated passphrase' },
    });
    expect(refused.json().code).toBe('ACCOUNT_DEACTIVATED');
    expect((await as('PUT', `/api/admin/users/${user.id}/deactivation`, { isDeactivated: false })).statusCode).toBe(200);
    expect((await as('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(204);
    const log = logLines.join('');
    expect(log).toContain('/api/admin/users/:id/deactivation');
    expect(log).toContain('/api/admin/users/:id');
    expect(log).toContain(admin.user.id);
    for (const secret of [user.email, 'Deactivina', 'Logcheck', '135 7911', 'passphrase', 'scrypt$']) expect(log).not.toContain(secret);
  });
});

describe('the consent routes in the log', () => {
  it("logs a child's sign-up waiting for a parent, the parent's address changed and the mail sent again, and the parent's page and agreement, without names, addresses or the link's token", async () => {
    const now = new Date();
    const twelve = { birthYear: now.getUTCFullYear() - 12, birthMonth: now.getUTCMonth() + 1, country: 'FR' };
    logLines.length = 0;
    const signUp = await signUpAndConfirm(
      app,
      {
        ...adultSignUp,
        ...twelve,
        firstName: 'Childina',
        lastName: 'Quietname',
        email: 'childina@example.org',
        password: 'a child passphrase',
        parentEmail: 'first.parent@example.org',
      },
      json,
    );
    expect(signUp.json().consentStatus).toBe('pending_parent');
    const cookie = `sid=${sessionTokenFrom(signUp)}`;
    expect((await app.inject({ method: 'GET', url: '/api/auth/consent/parent', headers: { cookie } })).statusCode).toBe(200);
    // A new parent address is taken a day after the first one (decision 065).
    await app.db
      .update(parentalConsents)
      .set({ emailSetAt: new Date(Date.now() - 24 * 3_600_000 - 1_000) })
      .where(eq(parentalConsents.userId, signUp.json().id));
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/auth/consent/parent',
          headers: { ...json, cookie },
          payload: { parentEmail: 'second.parent@example.org' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/consent/parent/resend', headers: { cookie } })).statusCode).toBe(202);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'second.parent@example.org'), eq(mailOutbox.kind, 'parent-consent')));
    const token = /\/parent-consent\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)![1]!;
    expect((await app.inject({ method: 'GET', url: `/api/parent-consent/${token}` })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/parent-consent/${token}`, headers: json, payload: { decision: 'grant' } })).statusCode,
    ).toBe(200);
    const log = logLines.join('');
    expect(log).toContain('/api/parent-consent/:token');
    expect(log).toContain('/api/auth/consent/parent');
    for (const secret of ['childina', 'Childina', 'Quietname', 'first.parent', 'second.parent', token, 'a child passphrase'])
      expect(log).not.toContain(secret);
  });
});
