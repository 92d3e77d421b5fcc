import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, createUser, sessionTokenFrom, signedInUser, signUpAndConfirm, signUpTokenFor } from '#test/app.ts';

import { mailOutbox, pendingSignUps, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/session.ts';
import { SIGN_UP_COOKIE } from './auth.routes.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };
const signUp = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up', headers: json, payload: { ...adultSignUp, ...body } });
/** Signs up and opens the mailed link in the same browser: the new account, signed in. */
const signUpIn = (body: Record<string, unknown> & { email: string }) => signUpAndConfirm(app, { ...adultSignUp, ...body }, json);
const confirm = (payload: Record<string, unknown>, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up/confirm', headers: { ...json, ...(cookie ? { cookie } : {}) }, payload });
const browserOf = (res: { cookies: { name: string; value: string }[] }) =>
  `${SIGN_UP_COOKIE}=${res.cookies.find((c) => c.name === SIGN_UP_COOKIE)!.value}`;
const mailsTo = (to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const signIn = (email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
const me = (token?: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: token ? { cookie: `sid=${token}` } : {} });

describe('sign-up', () => {
  it('creates the account from the mailed link, in the same browser: signed in, address verified, onboarding next', async () => {
    const res = await signUp({ firstName: 'Grace', lastName: 'Hopper', email: 'Grace@Example.org', password: 'walking in the light' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ confirmEmail: true });
    expect(sessionTokenFrom(res)).toBeUndefined();
    // No account before the link is opened; what was typed waits, the password only as a hash.
    expect(await app.db.select().from(users).where(eq(users.email, 'grace@example.org'))).toEqual([]);
    const [pending] = await app.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, 'grace@example.org'));
    expect(pending!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(pending)).not.toContain('walking in the light');
    const [mail] = await mailsTo('grace@example.org');
    expect(mail).toMatchObject({ kind: 'confirm-sign-up', subject: 'Finish creating your account' });
    const token = await signUpTokenFor(app.db, 'grace@example.org');
    expect(pending!.tokenHash).toBe(hashToken(token));

    const done = await confirm({ token }, browserOf(res));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      email: 'grace@example.org',
      firstName: 'Grace',
      role: 'user',
      onboardingComplete: false,
      isEmailVerified: true,
    });
    const cookie = done.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(Buffer.from(cookie.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await me(cookie.value)).json()).toMatchObject({ email: 'grace@example.org' });
    // The link works once.
    expect((await confirm({ token }, browserOf(res))).statusCode).toBe(404);
    expect((await signIn('grace@example.org', 'walking in the light')).statusCode).toBe(200);
  });

  it('answers a taken address exactly like a new one, mails its owner instead, and changes nothing (defect 8)', async () => {
    const owner = await createUser(app.db, {
      email: 'taken.owner@example.org',
      password: 'the owner passphrase',
      locale: 'fr',
      firstName: 'Lydie',
    });
    const form = { firstName: 'Someone', lastName: 'Else', password: 'an intruder passphrase' };
    const taken = await signUp({ ...form, email: 'Taken.Owner@example.org' });
    const fresh = await signUp({ ...form, email: 'not.taken@example.org' });
    for (const res of [taken, fresh]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(fresh.body);
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      const [c] = res.cookies;
      expect(res.cookies).toHaveLength(1);
      expect({ ...c, value: undefined }).toEqual({ ...fresh.cookies[0], value: undefined });
    }
    // The owner is told, in their language, how to sign in or reset; the mail carries no link that acts.
    const [mail] = await mailsTo(owner.email);
    expect(mail).toMatchObject({ kind: 'sign-up-existing', locale: 'fr', subject: "Quelqu'un a essayé de s'inscrire avec ton adresse" });
    expect(mail!.text).toContain('Lydie');
    expect(mail!.text).toContain('/login');
    expect(mail!.text).toContain('Mot de passe oublié');
    expect(mail!.text).not.toMatch(/confirm-sign-up|reset-password\//);
    // Nothing waits for the taken address, and its account is as it was.
    expect(await app.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, owner.email))).toEqual([]);
    expect((await signIn(owner.email, 'an intruder passphrase')).statusCode).toBe(401);
    expect((await signIn(owner.email, 'the owner passphrase')).statusCode).toBe(200);
    // Repeated tries do not flood the owner: one mail a day.
    expect((await signUp({ ...form, email: owner.email })).statusCode).toBe(202);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('refuses a weak password the same way for a taken address and a new one', async () => {
    const owner = await createUser(app.db, { password: 'the owner passphrase' });
    const a = await signUp({ firstName: 'A', lastName: 'B', email: owner.email, password: 'password123' });
    const b = await signUp({ firstName: 'A', lastName: 'B', email: 'weak.new@example.org', password: 'password123' });
    expect([a.statusCode, a.body]).toEqual([400, b.body]);
    expect(b.statusCode).toBe(400);
  });

  it('asks the password chosen at sign-up when the link is opened in another browser', async () => {
    const res = await signUp({
      firstName: 'Phoebe',
      lastName: 'Cenchreae',
      email: 'phoebe@example.org',
      password: 'servant of the church',
    });
    const token = await signUpTokenFor(app.db, 'phoebe@example.org');
    const elsewhere = await confirm({ token });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'SIGN_UP_PASSWORD_NEEDED' });
    // Another browser's sign-up cookie is not this one's.
    expect((await confirm({ token }, `${SIGN_UP_COOKIE}=${'A'.repeat(43)}`)).json().code).toBe('SIGN_UP_PASSWORD_NEEDED');
    const wrong = await confirm({ token, password: 'not what I chose' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect(await app.db.select().from(users).where(eq(users.email, 'phoebe@example.org'))).toEqual([]);
    const done = await confirm({ token, password: 'servant of the church' });
    expect(done.statusCode).toBe(200);
    expect(sessionTokenFrom(done)).toBeTruthy();
    expect(browserOf(res)).toMatch(new RegExp(`^${SIGN_UP_COOKIE}=`));
  });

  it('gives no way in before the link is opened: sign-in answers like an unknown address', async () => {
    await signUp({ firstName: 'Tabitha', lastName: 'Joppa', email: 'tabitha@example.org', password: 'full of good works' });
    const early = await signIn('tabitha@example.org', 'full of good works');
    const unknown = await signIn('nobody.at.all@example.org', 'full of good works');
    expect([early.statusCode, early.body]).toEqual([401, unknown.body]);
  });

  it('answers 404 for an unknown link and 410 for an expired one; one account per address whichever link is opened', async () => {
    expect((await confirm({ token: 'A'.repeat(43) })).json()).toMatchObject({ code: 'LINK_INVALID' });
    const first = await signUp({ firstName: 'Eunice', lastName: 'Lois', email: 'eunice@example.org', password: 'sincere faith first' });
    const firstToken = await signUpTokenFor(app.db, 'eunice@example.org');
    const second = await signUp({ firstName: 'Eunice', lastName: 'Lois', email: 'eunice@example.org', password: 'sincere faith again' });
    const secondToken = await signUpTokenFor(app.db, 'eunice@example.org');
    expect(secondToken).not.toBe(firstToken);
    await app.db
      .update(pendingSignUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignUps.tokenHash, hashToken(firstToken)));
    const expired = await confirm({ token: firstToken }, browserOf(first));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('LINK_EXPIRED');
    expect((await confirm({ token: secondToken }, browserOf(second))).statusCode).toBe(200);
    expect((await signIn('eunice@example.org', 'sincere faith again')).statusCode).toBe(200);
    expect(await app.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, 'eunice@example.org'))).toEqual([]);

    // An address that got an account meanwhile (another way in): the link is spent, nothing is changed.
    const late = await signUp({ firstName: 'Late', lastName: 'Comer', email: 'late@example.org', password: 'slow and steady' });
    const lateToken = await signUpTokenFor(app.db, 'late@example.org');
    await createUser(app.db, { email: 'late@example.org' });
    const used = await confirm({ token: lateToken }, browserOf(late));
    expect(used.statusCode).toBe(410);
    expect(used.json().code).toBe('LINK_USED');
    expect(await app.db.select().from(users).where(eq(users.email, 'late@example.org'))).toHaveLength(1);
  });

  it("cannot be blocked by a stranger: after their sign-ups for an address, the owner's own still mails a link that creates the account (issue 24, item 5)", async () => {
    const address = 'blocked.owner@example.org';
    const stranger = [];
    for (let i = 0; i < 5; i++) {
      const res = await signUp({ firstName: 'Not', lastName: 'Me', email: address, password: `a stranger passphrase ${i}` });
      expect(res.statusCode, res.body).toBe(202);
      stranger.push({ res, token: await signUpTokenFor(app.db, address) });
    }
    const owner = await signUp({ firstName: 'Real', lastName: 'Holder', email: address, password: 'the owner chose this' });
    expect(owner.statusCode).toBe(202);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, 'confirm-sign-up')));
    expect(mails).toHaveLength(6);
    const ownerToken = await signUpTokenFor(app.db, address);
    // The stranger's links, opened after the owner's sign-up, left the owner's link working.
    const strangerLink = await confirm({ token: stranger[4]!.token, password: 'the owner chose this' });
    expect(strangerLink.json().code).toBe('WRONG_PASSWORD');
    const done = await confirm({ token: ownerToken }, browserOf(owner));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: address, firstName: 'Real' });
    expect((await signIn(address, 'the owner chose this')).statusCode).toBe(200);
    expect((await signIn(address, 'a stranger passphrase 0')).statusCode).toBe(401);
    // Every other link of the address is spent with it.
    expect((await confirm({ token: stranger[0]!.token }, browserOf(stranger[0]!.res))).json().code).toBe('LINK_INVALID');
  });

  it('refuses short, overlong and common passwords with a clear message', async () => {
    const short = await signUp({ firstName: 'A', lastName: 'B', email: 's@example.org', password: 'abc123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/password.*at least 8/i);
    const long = await signUp({ firstName: 'A', lastName: 'B', email: 's@example.org', password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    const common = await signUp({ firstName: 'A', lastName: 'B', email: 's@example.org', password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('WEAK_PASSWORD');
    // A long password is welcome, but not a long repetition (issue 24, item 7: a strength estimate).
    const repeated = await signUp({ firstName: 'A', lastName: 'B', email: 's64@example.org', password: 'p'.repeat(60) + 'Q9!z' });
    expect(repeated.json()).toMatchObject({ code: 'WEAK_PASSWORD', reason: 'guessable' });
    const sixtyFour = await signUp({
      firstName: 'A',
      lastName: 'B',
      email: 's64@example.org',
      password: 'the narrow road home winds past olive trees and a quiet harbour!',
    });
    expect(sixtyFour.statusCode).toBe(202);
  });

  it.each([
    ['a common password in full-width letters', 'ｐａｓｓｗｏｒｄ１２３', 'Mia', 'Stone', 'mia@example.org'],
    ['one repeated character', 'zzzzzzzzzzzz', 'Mia', 'Stone', 'mia2@example.org'],
    ['the email', 'Bartimaeus.Blind@Example.org', 'Mia', 'Stone', 'bartimaeus.blind@example.org'],
    ['the email in a longer password', 'my bartimaeus.blind@example.org!', 'Mia', 'Stone', 'bartimaeus.blind@example.org'],
    ["the email's name part", 'bartimaeus-2024!', 'Mia', 'Stone', 'bartimaeus@example.org'],
    ['the first name', 'Zacchaeus climbs trees', 'Zacchaeus', 'Stone', 'z@example.org'],
    ['the last name, in other letters', 'ＳＹＣＡＭＯＲＥ tree 7', 'Mia', 'Sycamore', 'mia3@example.org'],
  ])('refuses a password of %s', async (_what, password, firstName, lastName, email) => {
    const res = await signUp({ firstName, lastName, email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEAK_PASSWORD');
  });

  it('signs in with the same password typed in another Unicode form (NFKC)', async () => {
    expect(
      (await signUpIn({ firstName: 'Nf', lastName: 'Kc', email: 'nfkc@example.org', password: 'ｍｕｓｔａｒｄ seed faith' })).statusCode,
    ).toBe(200);
    expect((await signIn('nfkc@example.org', 'mustard seed faith')).statusCode).toBe(200);
  });

  it('names the field that is wrong and refuses unknown fields', async () => {
    const res = await signUp({ firstName: 'A', lastName: 'B', email: 'not-an-email', password: 'a fine passphrase' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().message).toContain('email');
    const extra = await signUp({ firstName: 'A', lastName: 'B', email: 'x@example.org', password: 'a fine passphrase', role: 'admin' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('role');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and gives a new session id each time', async () => {
    const first = await signUpIn({ firstName: 'Sam', lastName: 'Lee', email: 'sam@example.org', password: 'faith hope and love' });
    const before = sessionTokenFrom(first)!;
    const res = await signIn('SAM@example.org', 'faith hope and love', `sid=${before}`);
    expect(res.statusCode).toBe(200);
    const after = sessionTokenFrom(res)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The session this browser had before signing in is gone on the server.
    expect((await me(before)).json()).toBeNull();
    expect((await me(after)).json()).toMatchObject({ email: 'sam@example.org' });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    await signUpIn({ firstName: 'Kim', lastName: 'Park', email: 'kim@example.org', password: 'mercy new every morning' });
    const wrong = await signIn('kim@example.org', 'not the password');
    const unknown = await signIn('nobody@example.org', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(sessionTokenFrom(wrong)).toBeUndefined();
  });

  it('sign-out destroys the session on the server, not only the cookie', async () => {
    const res = await signUpIn({ firstName: 'Lu', lastName: 'Chen', email: 'lu@example.org', password: 'peace like a river' });
    const token = sessionTokenFrom(res)!;
    const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: `sid=${token}` } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const rows = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashToken(token)));
    expect(rows).toHaveLength(0);
    // Replaying the old cookie does not work.
    expect((await me(token)).json()).toBeNull();
  });

  it('ignores a sign-out requested by another site (an <img> or link to /api/logout)', async () => {
    const token = sessionTokenFrom(
      await signUpIn({ firstName: 'Xs', lastName: 'Site', email: 'xs@example.org', password: 'stay signed in please' }),
    )!;
    for (const site of ['cross-site', 'same-site']) {
      const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: `sid=${token}`, 'sec-fetch-site': site } });
      expect(out.statusCode).toBe(302);
      expect(out.headers['set-cookie']).toBeUndefined();
      expect((await me(token)).json()).toMatchObject({ email: 'xs@example.org' });
    }
    // The app's own sign-out link is a same-origin navigation; typing the address gives "none".
    const own = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: `sid=${token}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(302);
    expect((await me(token)).json()).toBeNull();
  });

  it('expires sessions past their absolute or idle limit', async () => {
    const res = await signUpIn({ firstName: 'Old', lastName: 'Timer', email: 'old@example.org', password: 'time flies by quickly' });
    const token = sessionTokenFrom(res)!;
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(token)));
    expect((await me(token)).json()).toBeNull();
    const res2 = await signIn('old@example.org', 'time flies by quickly');
    const token2 = sessionTokenFrom(res2)!;
    await app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.idHash, hashToken(token2)));
    expect((await me(token2)).json()).toBeNull();
  });

  it('answers 200 with null for visitors (signed out, not an error)', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('shows the built-in sign-in page when no OpenID provider is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login?returnTo=/dashboard' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnTo=%2Fdashboard');
    const evil = await app.inject({ method: 'GET', url: '/api/login?returnTo=//evil.example' });
    expect(evil.headers.location).toBe('/login');
    // Browsers drop tabs and line breaks: "/<tab>/evil.example" is "//evil.example" to them.
    for (const trick of ['/%09/evil.example', '/%0A/evil.example', '/%0D%0A/evil.example', '/%5Cevil.example']) {
      const res = await app.inject({ method: 'GET', url: `/api/login?returnTo=${trick}` });
      expect(res.statusCode, trick).toBe(302);
      expect(res.headers.location, trick).toBe('/login');
    }
  });
});

describe('request safety', () => {
  it('accepts JSON bodies only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(form.statusCode).toBe(415);
  });

  it('refuses cross-site writes', async () => {
    const body = { email: 'a@example.org', password: 'whatever it is' };
    const site = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(site.statusCode).toBe(403);
    expect(site.json().code).toBe('CROSS_SITE_REQUEST');
    const origin = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, origin: 'https://evil.example', host: 'localhost' },
      payload: body,
    });
    expect(origin.statusCode).toBe(403);
    const same = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' },
      payload: body,
    });
    expect(same.statusCode).toBe(401);
  });

  it('sends security headers on every response, and HSTS only over https', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Issue 10, defect 17: no inline <style> and no style="…" attribute either (docs/decisions/045);
    // no style-src-elem or style-src-attr reopens them, and nothing allows eval.
    const policy = new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources] as const),
    );
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.has('style-src-elem') || policy.has('style-src-attr')).toBe(false);
    expect([...policy.values()].flat().filter((source) => source.startsWith("'unsafe-"))).toEqual([]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const missing = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('limits the body size', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('reports liveness and readiness', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });
});

describe('rate limits', async () => {
  const limited = await createTestApp({ rateLimits: { auth: 3, forms: 3 } });
  it('answers 429 with a clear message after too many sign-in attempts', async () => {
    const attempt = () =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: json,
        payload: { email: 'x@example.org', password: 'wrong password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/too many/i) });
  });
});

describe('founder setup link', async () => {
  const fresh = await createTestApp();
  it('creates the founder once from the printed token', async () => {
    const token = ((await app.auth.issueSetupLinkAtStart()) as { token: string }).token;
    expect(token).toBeTruthy();
    expect((await app.inject({ method: 'GET', url: `/api/setup/${token}` })).json()).toEqual({ valid: true });
    const body = { token, firstName: 'Ada', lastName: 'Founder', email: 'founder@example.org', password: 'the first of many' };
    const res = await app.inject({ method: 'POST', url: '/api/setup', headers: json, payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe('founder');
    const again = await app.inject({ method: 'POST', url: '/api/setup', headers: json, payload: { ...body, email: 'second@example.org' } });
    expect(again.statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: `/api/setup/${token}` })).json()).toEqual({ valid: false });
    expect(await app.auth.issueSetupLinkAtStart()).toBeNull();
  });

  it('keeps the link usable when the founder form is refused', async () => {
    await createUser(fresh.db, { email: 'taken@example.org' });
    const token = ((await fresh.auth.issueSetupLinkAtStart()) as { token: string }).token;
    const body = { token, firstName: 'Ada', lastName: 'Founder', email: 'taken@example.org', password: 'the first of many' };
    const taken = await fresh.inject({ method: 'POST', url: '/api/setup', headers: json, payload: body });
    expect(taken.statusCode).toBe(409);
    const common = await fresh.inject({
      method: 'POST',
      url: '/api/setup',
      headers: json,
      payload: { ...body, email: 'ada@example.org', password: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect((await fresh.inject({ method: 'GET', url: `/api/setup/${token}` })).json()).toEqual({ valid: true });
    const ok = await fresh.inject({ method: 'POST', url: '/api/setup', headers: json, payload: { ...body, email: 'ada@example.org' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().role).toBe('founder');
  });

  it('refuses a made-up token', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: json,
      payload: { token: 'x'.repeat(43), firstName: 'A', lastName: 'B', email: 'z@example.org', password: 'some long phrase' },
    });
    expect(res.statusCode).toBe(410);
  });
});

describe('session sweep', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const { purgeExpiredSessions } = await import('../../lib/session.ts');
    const live = sessionTokenFrom(
      await signUpIn({ firstName: 'Live', lastName: 'Sweep', email: 'live@example.org', password: 'still here today' }),
    )!;
    const dead = sessionTokenFrom(
      await signUpIn({ firstName: 'Dead', lastName: 'Sweep', email: 'dead@example.org', password: 'gone by tomorrow' }),
    )!;
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(dead)));
    await purgeExpiredSessions(app.db, app.sessionPolicy);
    expect(
      await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(dead))),
    ).toHaveLength(0);
    expect(
      await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(live))),
    ).toHaveLength(1);
  });
});

describe('remembered sessions', () => {
  it('see a role change, a sign-out and a new sign-in made through the app at once', async () => {
    const founder = await signedInUser(app, { role: 'founder' });
    const member = await createUser(app.db, { password: 'remembered for a moment' });
    const token = sessionTokenFrom(await signIn(member.email, 'remembered for a moment'))!;
    // Read twice: the second answer comes from the process's memory of the session.
    expect((await me(token)).json()).toMatchObject({ role: 'user' });
    expect((await me(token)).json()).toMatchObject({ role: 'user' });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${member.id}/role`,
      headers: { ...json, cookie: founder.cookie },
      payload: { role: 'coordinator' },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ role: 'coordinator' });
    await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: `sid=${token}` } });
    expect((await me(token)).json()).toBeNull();
  });
});

describe("the person's own country (the crisis lines' first country, decision 060)", () => {
  const countryOf = async (overrides: Parameters<typeof signedInUser>[1]) => {
    const { cookie } = await signedInUser(app, overrides);
    return (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().country;
  };

  it("is the onboarding profile's country, else the one given at sign-up, else none", async () => {
    expect(await countryOf({ country: 'Kenya', residenceCountry: 'FR' })).toBe('KE');
    expect(await countryOf({ country: 'Haiti' })).toBe('HT');
    expect(await countryOf({ country: 'Other', residenceCountry: 'CI' })).toBe('CI');
    expect(await countryOf({ country: null, residenceCountry: 'CH' })).toBe('CH');
    expect(await countryOf({ country: null, residenceCountry: null })).toBeNull();
  });
});
