import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, createUser, sessionCookie, sessionTokenFrom, signedInUser } from '#test/app.ts';
import { linkIn, startTestSmtp } from '#test/smtp.ts';

import { auditLog, sessions, users, userTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/session.ts';
import { PASSWORD_RESET_ANSWER_MS } from './account.routes.ts';

const smtp = await startTestSmtp();
afterAll(() => smtp.stop());
const app = await createTestApp({
  env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://god.test' },
  jobs: { isRunningWorkers: true, pollingIntervalSeconds: 0.5 },
  rateLimits: { auth: 1000, forms: 1000 },
});

const requestReset = (email: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });
const confirm = (token: string, password: string, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const tokenOf = (url: string) => url.split('/').pop()!;

describe('password reset', () => {
  it('answers 202 with the same body for an account, an unknown address and an OpenID-only account', async () => {
    const withPassword = await createUser(app.db, { password: 'old passphrase here' });
    const oidcOnly = await createUser(app.db, { oidcSubject: 'https://idp|abc' });
    const answers = await Promise.all([
      requestReset(withPassword.email, '10.0.1.1'),
      requestReset('nobody-here@example.org', '10.0.1.2'),
      requestReset(oidcOnly.email, '10.0.1.3'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0]!.body);
    }
    const oidcMail = await smtp.waitFor((m) => m.to.includes(oidcOnly.email));
    expect(oidcMail.subject).toBe('How to sign in to G.O.D Discipleship');
    expect(oidcMail.text).toContain('Your account has no password');
    expect(oidcMail.text).not.toContain('/reset-password/');
    await smtp.waitFor((m) => m.to.includes(withPassword.email));
    expect(smtp.received.some((m) => m.to.includes('nobody-here@example.org'))).toBe(false);
  });

  it('answers an address with an account and an unknown one at the same moment, after the same fixed time', async () => {
    const known = await createUser(app.db, { password: 'old passphrase here' });
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      expect((await requestReset(email, ip)).statusCode).toBe(202);
      return performance.now() - started;
    };
    // Both wait for the fixed answer time; the work of either is far shorter, so neither says which it was.
    for (const ms of [await timed(known.email, '10.0.2.1'), await timed('nobody-timed@example.org', '10.0.2.2')])
      expect(ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 5);
  });

  it('refuses a malformed address or token with a clear 400', async () => {
    const bad = await requestReset('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const shortToken = await confirm('abc', 'a new passphrase');
    expect(shortToken.statusCode).toBe(400);
    expect(shortToken.json().message).toContain('not valid');
  });

  it('mails a one-time link (256-bit token, stored hashed); the new password works, every old session ends, this browser is signed in, and it is audited', async () => {
    const user = await createUser(app.db, { password: 'old passphrase here', locale: 'fr', firstName: 'Léa' });
    const otherDevice = await sessionCookie(app, user.id);
    const thisBrowser = await sessionCookie(app, user.id);
    await requestReset(user.email, '10.0.2.1');
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.includes('mot de passe'));
    expect(mail.subject).toBe('Réinitialise ton mot de passe');
    const url = linkIn(mail, '/reset-password/');
    expect(url).toMatch(/^https:\/\/god\.test\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [stored] = await app.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);

    const res = await confirm(token, 'brand new passphrase', thisBrowser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email });
    const newToken = sessionTokenFrom(res)!;
    expect(newToken).toBeTruthy();
    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    // The current user of a visitor is null.
    expect((await me(`sid=${newToken}`)).json()).toMatchObject({ id: user.id });
    expect((await me(otherDevice)).json()).toBeNull();
    expect((await me(thisBrowser)).json()).toBeNull();
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await signIn(user.email, 'old passphrase here')).statusCode).toBe(401);
    expect((await signIn(user.email, 'brand new passphrase')).statusCode).toBe(200);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.reset'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);

    // Single use.
    const again = await confirm(token, 'yet another passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'LINK_USED' });
  });

  it('answers 410 for an expired link and 404 for an unknown one, and applies the password rules', async () => {
    const user = await createUser(app.db, { password: 'old passphrase here' });
    await requestReset(user.email, '10.0.3.1');
    const token = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(user.email)), '/reset-password/'));
    const weak = await confirm(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    const short = await confirm(token, 'short');
    expect(short.statusCode).toBe(400);
    await app.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const expired = await confirm(token, 'brand new passphrase');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'LINK_EXPIRED', message: 'This link has expired. Ask for a new one.' });
    const unknown = await confirm('A'.repeat(43), 'brand new passphrase');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LINK_INVALID');
    expect((await signIn(user.email, 'old passphrase here')).statusCode).toBe(200);
  });

  it('is rate limited per address (whether or not it has an account) and per client', async () => {
    for (const email of ['limited@example.org', (await createUser(app.db, { password: 'old passphrase here' })).email]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push((await requestReset(email, `10.0.4.${i}`)).statusCode);
      expect(answers).toEqual([202, 202, 202, 429]);
    }
    const strict = await createTestApp({ rateLimits: { auth: 2, forms: 2 } });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await strict.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: `someone${i}@example.org` } }))
          .statusCode,
      );
    expect(codes).toEqual([202, 202, 429]);
  });
});

describe('email verification', () => {
  it('mails the sign-up link in the interface language through SMTP; opening it gives a verified account', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {
        ...adultSignUp,
        firstName: 'Noé',
        lastName: 'Martin',
        email: 'noe@example.org',
        password: 'walking in the light',
        locale: 'fr',
      },
    });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes('noe@example.org'));
    expect(mail.subject).toBe('Termine la création de ton compte');
    const url = linkIn(mail, '/confirm-sign-up/');
    expect(url).toMatch(/^https:\/\/god\.test\/confirm-sign-up\/[A-Za-z0-9_-]{43}$/);
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/confirm',
      payload: { token: tokenOf(url), password: 'walking in the light' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ locale: 'fr', isEmailVerified: true });
    const cookie = `sid=${sessionTokenFrom(done)}`;
    expect((await app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).statusCode).toBe(200);
  });

  it('verifies the address of an account made without the sign-up link (the founder), once', async () => {
    const { user, cookie } = await signedInUser(app, { password: 'a passphrase here', locale: 'fr' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie } })).statusCode).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Confirme ton adresse email');
    const token = tokenOf(linkIn(mail, '/verify-email/'));
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().isEmailVerified).toBe(true);
    const again = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(410);
  });

  it('resends from the dashboard to a signed-in, unverified user', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);
    const { user, cookie } = await signedInUser(app, { password: 'a passphrase here' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: { cookie } });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Confirm your email address');
  });

  it('shows verified or not in the admin directory', async () => {
    const verified = await createUser(app.db, { emailVerifiedAt: new Date(), firstName: 'Verifiedperson' });
    const admin = await signedInUser(app, { role: 'admin' });
    const page = (
      await app.inject({ method: 'GET', url: '/api/admin/users?search=verifiedperson', headers: { cookie: admin.cookie } })
    ).json();
    expect(page.users.find((u: { id: string }) => u.id === verified.id)).toMatchObject({ isEmailVerified: true });
  });
});

describe('mail language', () => {
  it('follows the language the user switches to', async () => {
    const { user, cookie } = await signedInUser(app);
    expect((await app.inject({ method: 'PUT', url: '/api/account/locale', payload: { locale: 'fr' } })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/account/locale', headers: { cookie }, payload: { locale: 'de' } })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/account/locale', headers: { cookie }, payload: { locale: 'fr' } })).statusCode,
    ).toBe(204);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.locale).toBe('fr');
  });
});
