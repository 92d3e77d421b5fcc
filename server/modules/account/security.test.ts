import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import {
  createTestApp,
  createUser,
  enrolTotp,
  sessionCookie,
  sessionTokenFrom,
  signedInUser,
  TEST_MFA_KEY,
  totpCodeFor,
} from '#test/app.ts';

import { auditLog, mailOutbox, recoveryCodes, sessions, users, userTokens, userTotp } from '../../db/schema/index.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/session.ts';
import { securityRepositoryFactory } from './security.repository.ts';

const logLines: string[] = [];
const app = await createTestApp({ logLines, rateLimits: { auth: 1000, forms: 1000 } });

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Signs in through the API from a browser with this User-Agent; returns the Cookie header. */
async function signIn(email: string, password: string, userAgent = LAPTOP_UA) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return `sid=${sessionTokenFrom(res)}`;
}
const me = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
const changePassword = (cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie }, payload });

describe('change password', () => {
  it('needs a session, and the current password', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    expect((await changePassword('', { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase' })).statusCode).toBe(
      401,
    );
    const cookie = await signIn(user.email, 'my old passphrase');
    const wrong = await changePassword(cookie, { currentPassword: 'not my passphrase', newPassword: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' });
    // Nothing changed: the old password still signs in, the new one does not.
    await signIn(user.email, 'my old passphrase');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: 'a brand new passphrase' },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('applies the sign-up password rules to the new password', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase', firstName: 'Bartholomew' });
    const cookie = await signIn(user.email, 'my old passphrase');
    const cases: [string, string][] = [
      ['short', 'VALIDATION_FAILED'],
      ['password123', 'WEAK_PASSWORD'],
      ['aaaaaaaaaaaa', 'WEAK_PASSWORD'],
      ['bartholomew is me', 'WEAK_PASSWORD'],
      [`${user.email} again`, 'WEAK_PASSWORD'],
      ['ｐａｓｓｗｏｒｄ１２３', 'WEAK_PASSWORD'],
    ];
    for (const [newPassword, code] of cases) {
      const res = await changePassword(cookie, { currentPassword: 'my old passphrase', newPassword });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().code, newPassword).toBe(code);
    }
    expect(
      (await changePassword(cookie, { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase', extra: 1 })).statusCode,
    ).toBe(400);
  });

  it('sets the new password, ends every other session at once (even one this instance remembers), keeps this one, audits and mails the owner', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase', locale: 'fr', firstName: 'Léa' });
    const phone = await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    // The phone's session is now in this instance's 5-second memory.
    expect(await me(phone)).toMatchObject({ id: user.id });

    const res = await changePassword(laptop, { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await me(phone)).toBeNull();
    expect(await me(laptop)).toMatchObject({ id: user.id });
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: 'my old passphrase' } }))
        .statusCode,
    ).toBe(401);
    await signIn(user.email, 'a brand new passphrase');

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password.changed'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, details: { endedSessions: 1 } });
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'password-changed')));
    expect(mail!.subject).toBe('Ton mot de passe a été changé');
    expect(mail!.text).toContain('Bonjour Léa,');
    expect(mail!.text).toContain('/forgot-password');
    expect(mail!.text).not.toContain('brand new');
  });

  it('refuses an account without a password (OpenID Connect only)', async () => {
    const user = await createUser(app.db, { oidcSubject: 'https://idp|change-pw' });
    const res = await changePassword(await sessionCookie(app, user.id), {
      currentPassword: 'anything',
      newPassword: 'a brand new passphrase',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_PASSWORD');
  });
});

describe('sessions', () => {
  it("lists the account's own live sessions with their device, the current one marked", async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const someoneElse = await createUser(app.db, { password: 'another passphrase' });
    await signIn(someoneElse.email, 'another passphrase');
    await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    // An expired session of the user is not listed.
    await app.db.insert(sessions).values({ idHash: 'expired-session-hash', userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    const res = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } });
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as {
      id: string;
      browser: string;
      os: string;
      isMobile: boolean;
      isCurrent: boolean;
      signedInAt: string;
      lastSeenAt: string;
    }[];
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.isCurrent)).toMatchObject({ browser: 'Safari', os: 'macOS', isMobile: false });
    expect(list.find((s) => !s.isCurrent)).toMatchObject({ browser: 'Chrome', os: 'Android', isMobile: true });
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.now() - Date.parse(s.signedInAt)).toBeLessThan(60_000);
      expect(JSON.stringify(s)).not.toContain(laptop.slice(4));
    }
    expect((await app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it("signs out one session at once on this instance; another account's session id is a 404", async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const other = await createUser(app.db, { password: 'another passphrase' });
    const otherCookie = await signIn(other.email, 'another passphrase');
    const phone = await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    expect(await me(phone)).toMatchObject({ id: user.id });
    const list = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } })).json().sessions as {
      id: string;
      isCurrent: boolean;
    }[];
    const phoneId = list.find((s) => !s.isCurrent)!.id;

    const othersList = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: otherCookie } })).json()
      .sessions as { id: string }[];
    const notMine = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${othersList[0]!.id}`, headers: { cookie: laptop } });
    expect(notMine.statusCode).toBe(404);
    expect(await me(otherCookie)).toMatchObject({ id: other.id });
    expect((await app.inject({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', headers: { cookie: laptop } })).statusCode).toBe(
      400,
    );

    const res = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: { cookie: laptop } });
    expect(res.statusCode).toBe(204);
    expect(await me(phone)).toBeNull();
    expect(await me(laptop)).toMatchObject({ id: user.id });
    expect((await app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: { cookie: laptop } })).statusCode).toBe(
      404,
    );
  });

  it('signing out the current session from the list ends it and clears the cookie', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const laptop = await signIn(user.email, 'my old passphrase');
    const [current] = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } })).json().sessions as {
      id: string;
    }[];
    const res = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${current!.id}`, headers: { cookie: laptop } });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await me(laptop)).toBeNull();
  });

  it('"sign out everywhere else" ends every other session at once and keeps this one; audited', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const phone = await signIn(user.email, 'my old passphrase', PHONE_UA);
    const tablet = await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    expect(await me(phone)).toMatchObject({ id: user.id });
    expect(await me(tablet)).toMatchObject({ id: user.id });
    const res = await app.inject({ method: 'DELETE', url: '/api/account/sessions/others', headers: { cookie: laptop } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await me(phone)).toBeNull();
    expect(await me(tablet)).toBeNull();
    expect(await me(laptop)).toMatchObject({ id: user.id });
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sessions.ended'), eq(auditLog.targetId, user.id)));
    expect(audit[0]).toMatchObject({ details: { endedSessions: 2 } });
  });
});

describe('two-step verification (TOTP + recovery codes)', () => {
  const post = (url: string, cookie: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  /** The password step of a sign-in; returns the answer and the challenge cookie it set. */
  async function passwordStep(email: string, password: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password },
      headers: { 'user-agent': PHONE_UA },
    });
    const challenge = res.cookies.find((c) => c.name === 'mfa')?.value;
    return { res, challengeCookie: challenge ? `mfa=${challenge}` : '' };
  }

  it('enrols with a QR code and a confirming code; the secret is not active before; 10 recovery codes stored hashed', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const cookie = await signIn(user.email, 'my old passphrase');
    const setup = await post('/api/account/mfa/totp/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/G.O.D%20Discipleship:${encodeURIComponent(user.email)}?secret=${secret}&issuer=G.O.D%20Discipleship`);
    expect(qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    // Not active yet: signing in asks for no code.
    expect((await passwordStep(user.email, 'my old passphrase')).res.json()).toMatchObject({ id: user.id });

    const wrong = await post('/api/account/mfa/totp/confirm', cookie, {
      code: '000000' === (await totpCodeFor(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');
    expect((await post('/api/account/mfa/totp/confirm', cookie, { code: '12345' })).statusCode).toBe(400);

    const ok = await post('/api/account/mfa/totp/confirm', cookie, { code: await totpCodeFor(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^([a-z2-7]{4}-){5}[a-z2-7]{4}$/);
    const stored = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const c of codes) expect(row.codeHash).not.toContain(c.replace(/-/g, ''));

    const status = (await app.inject({ method: 'GET', url: '/api/account/mfa', headers: { cookie } })).json();
    expect(status).toMatchObject({ isEnabled: true, isRequired: false, isSessionVerified: true, recoveryCodesLeft: 10, hasPassword: true });
    // A second enrolment cannot replace the first.
    expect((await post('/api/account/mfa/totp/setup', cookie)).json().code).toBe('MFA_ALREADY_ENABLED');
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.enabled'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);
  });

  it('keeps the secret sealed in the database (AES-256-GCM, bound to its account); secrets stored plain before are sealed at start and keep working', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const { secret } = await enrolTotp(app, await signIn(user.email, 'my old passphrase'));
    const [row] = await app.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row!.secret).toMatch(/^v1:/);
    expect(row!.secret).not.toContain(secret);
    const box = secretBox(Buffer.from(TEST_MFA_KEY, 'base64'));
    expect(box.open(row!.secret, user.id)).toBe(secret);
    // Copied onto another account's row, or opened with another key, it does not open.
    expect(() => box.open(row!.secret, crypto.randomUUID())).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 1)).open(row!.secret, user.id)).toThrow();

    // An enrolment written before sealing existed: plain in the column until the app starts.
    const old = await createUser(app.db, { password: 'my old passphrase' });
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await app.db.insert(userTotp).values({ userId: old.id, secret: plain, enabledAt: new Date() });
    expect(await securityRepositoryFactory(app.db, box, app.log).sealPlainSecrets()).toBe(1);
    const [sealed] = await app.db.select().from(userTotp).where(eq(userTotp.userId, old.id));
    expect(sealed!.secret).toMatch(/^v1:/);
    expect(await securityRepositoryFactory(app.db, box, app.log).sealPlainSecrets()).toBe(0);
    const { res, challengeCookie } = await passwordStep(old.email, 'my old passphrase');
    expect(res.json()).toMatchObject({ mfaRequired: true });
    const verified = await post('/api/auth/mfa', challengeCookie, { code: await totpCodeFor(plain) });
    expect(verified.statusCode, verified.body).toBe(200);

    // Sealed with a key the app no longer has: the code is refused (no 500); a recovery code still signs in.
    const lost = await createUser(app.db, { password: 'my old passphrase' });
    const enrolled = await enrolTotp(app, await signIn(lost.email, 'my old passphrase'));
    await app.db
      .update(userTotp)
      .set({ secret: secretBox(Buffer.alloc(32, 9)).seal(enrolled.secret, lost.id) })
      .where(eq(userTotp.userId, lost.id));
    const step = await passwordStep(lost.email, 'my old passphrase');
    logLines.length = 0;
    const refused = await post('/api/auth/mfa', step.challengeCookie, { code: await totpCodeFor(enrolled.secret, 1) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_CODE');
    // The team learns why from the log: the account's id and the cipher's refusal, never the address.
    const unopened = logLines
      .map((line) => JSON.parse(line) as { msg: string; userId?: string })
      .find((l) => l.msg.startsWith('two-step secret cannot be opened'));
    expect(unopened?.userId).toBe(lost.id);
    expect(logLines.join('')).not.toContain(lost.email);
    expect((await post('/api/auth/mfa', step.challengeCookie, { recoveryCode: enrolled.recoveryCodes[0]! })).statusCode).toBe(200);
  });

  it('asks the code after the password: no session before it; a wrong code, then the right one signs in; a code works once', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const { secret } = await enrolTotp(app, await signIn(user.email, 'my old passphrase'));

    const { res, challengeCookie } = await passwordStep(user.email, 'my old passphrase');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ mfaRequired: true });
    expect(sessionTokenFrom(res)).toBeUndefined();
    expect(challengeCookie).toMatch(/^mfa=[A-Za-z0-9_-]{43}$/);
    expect(res.cookies.find((c) => c.name === 'mfa')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/mfa' });

    expect((await post('/api/auth/mfa', '', { code: '123456' })).json().code).toBe('MFA_CHALLENGE_EXPIRED');
    const nextCode = await totpCodeFor(secret, 1);
    const wrong = await post('/api/auth/mfa', challengeCookie, { code: nextCode === '123456' ? '654321' : '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');
    const ok = await post('/api/auth/mfa', challengeCookie, { code: nextCode });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: user.id });
    const cookie = `sid=${sessionTokenFrom(ok)}`;
    expect(await me(cookie)).toMatchObject({ id: user.id });
    expect((await app.inject({ method: 'GET', url: '/api/account/mfa', headers: { cookie } })).json().isSessionVerified).toBe(true);
    // The session carries the browser of the password step.
    const listed = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })).json().sessions as {
      isCurrent: boolean;
      os: string;
    }[];
    expect(listed.find((s) => s.isCurrent)).toMatchObject({ os: 'Android' });
    // The challenge is used up.
    expect((await post('/api/auth/mfa', challengeCookie, { code: nextCode })).json().code).toBe('MFA_CHALLENGE_EXPIRED');

    // Replay: the same code in a new sign-in is refused, and so is an older one.
    const again = await passwordStep(user.email, 'my old passphrase');
    expect((await post('/api/auth/mfa', again.challengeCookie, { code: nextCode })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/auth/mfa', again.challengeCookie, { code: await totpCodeFor(secret, 0) })).json().code).toBe('INVALID_CODE');
    const failures = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.failed'), eq(auditLog.targetId, user.id)));
    expect(failures).toHaveLength(3);
  });

  it('ends a sign-in after 5 wrong codes: the password must be typed again', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const { secret } = await enrolTotp(app, await signIn(user.email, 'my old passphrase'));
    const { challengeCookie } = await passwordStep(user.email, 'my old passphrase');
    const right = await totpCodeFor(secret, 1);
    const wrongCode = right === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/mfa', challengeCookie, { code: wrongCode })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/auth/mfa', challengeCookie, { code: right })).json().code).toBe('MFA_CHALLENGE_EXPIRED');
  });

  it('signs in with a recovery code once; the same code is refused the second time', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const { recoveryCodes: codes } = await enrolTotp(app, await signIn(user.email, 'my old passphrase'));
    const first = await passwordStep(user.email, 'my old passphrase');
    // Typed in capitals without dashes: the same code.
    const ok = await post('/api/auth/mfa', first.challengeCookie, { recoveryCode: codes[3]!.replace(/-/g, ' ').toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const cookie = `sid=${sessionTokenFrom(ok)}`;
    expect((await app.inject({ method: 'GET', url: '/api/account/mfa', headers: { cookie } })).json().recoveryCodesLeft).toBe(9);
    const second = await passwordStep(user.email, 'my old passphrase');
    const reused = await post('/api/auth/mfa', second.challengeCookie, { recoveryCode: codes[3]! });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_CODE');
    expect((await post('/api/auth/mfa', second.challengeCookie, { recoveryCode: 'not-a-code' })).statusCode).toBe(400);
    expect((await post('/api/auth/mfa', second.challengeCookie, { recoveryCode: codes[4]!, code: '123456' })).statusCode).toBe(400);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.recovery-code-used'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);
  });

  it('a password reset link does not skip the second step', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const { secret } = await enrolTotp(app, await signIn(user.email, 'my old passphrase'));
    const token = 'B'.repeat(43);
    await app.db.insert(userTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'password-reset',
      email: user.email,
      expiresAt: new Date(Date.now() + 600_000),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ mfaRequired: true });
    expect(sessionTokenFrom(res)).toBeUndefined();
    const challenge = `mfa=${res.cookies.find((c) => c.name === 'mfa')!.value}`;
    const ok = await post('/api/auth/mfa', challenge, { code: await totpCodeFor(secret, 1) });
    expect(ok.statusCode).toBe(200);
  });

  it('turns off for a user after re-authentication, never for an admin', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const cookie = await signIn(user.email, 'my old passphrase');
    const { secret } = await enrolTotp(app, cookie);
    await app.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const stale = await app.inject({ method: 'DELETE', url: '/api/account/mfa/totp', headers: { cookie } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');
    expect((await post('/api/auth/reauth', cookie, { password: 'wrong passphrase' })).json().code).toBe('WRONG_PASSWORD');
    const reauth = await post('/api/auth/reauth', cookie, { code: await totpCodeFor(secret, 1) });
    expect(reauth.statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/api/account/mfa/totp', headers: { cookie } })).statusCode).toBe(204);
    expect((await passwordStep(user.email, 'my old passphrase')).res.json()).toMatchObject({ id: user.id });

    const { cookie: adminCookie } = await signedInUser(app, { role: 'admin', password: 'admin passphrase here' });
    const refused = await app.inject({ method: 'DELETE', url: '/api/account/mfa/totp', headers: { cookie: adminCookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MFA_REQUIRED_FOR_ROLE');
  });

  it('gives new recovery codes after re-authentication; the old ones stop working', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const cookie = await signIn(user.email, 'my old passphrase');
    const { recoveryCodes: old } = await enrolTotp(app, cookie);
    const fresh = await post('/api/account/mfa/recovery-codes', cookie);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const { challengeCookie } = await passwordStep(user.email, 'my old passphrase');
    expect((await post('/api/auth/mfa', challengeCookie, { recoveryCode: old[0]! })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/auth/mfa', challengeCookie, { recoveryCode: codes[0]! })).statusCode).toBe(200);
  });
});

describe('the admin console requires two-step verification', () => {
  it('refuses an admin or founder without it (403 MFA_REQUIRED), and opens once they enrol', async () => {
    for (const role of ['admin', 'founder'] as const) {
      const admin = await createUser(app.db, { role, password: 'admin passphrase here' });
      const cookie = await signIn(admin.email, 'admin passphrase here');
      for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/outbox']) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code, url).toBe('MFA_REQUIRED');
      }
      const status = (await app.inject({ method: 'GET', url: '/api/account/mfa', headers: { cookie } })).json();
      expect(status).toMatchObject({ isEnabled: false, isRequired: true, isSessionVerified: false });
      const { secret } = await enrolTotp(app, cookie);
      expect((await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);
      // Another session signed in with the password only is sent through the second step.
      const { res, challengeCookie } = await (async () => {
        const r = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: admin.email, password: 'admin passphrase here' },
        });
        return { res: r, challengeCookie: `mfa=${r.cookies.find((c) => c.name === 'mfa')!.value}` };
      })();
      expect(res.json()).toEqual({ mfaRequired: true });
      const second = await app.inject({
        method: 'POST',
        url: '/api/auth/mfa',
        headers: { cookie: challengeCookie },
        payload: { code: await totpCodeFor(secret, 1) },
      });
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: `sid=${sessionTokenFrom(second)}` } })).statusCode,
      ).toBe(200);
    }
  });

  it('asks a re-authentication for role changes and the CSV export after 15 minutes', async () => {
    const admin = await signedInUser(app, { role: 'founder', password: 'founder passphrase here' });
    const target = await createUser(app.db);
    const putRole = () =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/users/${target.id}/role`,
        headers: { cookie: admin.cookie },
        payload: { role: 'ambassador' },
      });
    const exportCsv = () => app.inject({ method: 'GET', url: '/api/admin/users/export.csv', headers: { cookie: admin.cookie } });
    expect((await exportCsv()).statusCode).toBe(200);
    await app.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.userId, admin.user.id));
    await app.inject({ method: 'POST', url: '/api/auth/reauth', headers: { cookie: admin.cookie }, payload: {} });
    for (const res of [await putRole(), await exportCsv()]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    }
    expect((await app.db.select().from(users).where(eq(users.id, target.id)))[0]!.role).toBe('user');
    const reauth = await app.inject({
      method: 'POST',
      url: '/api/auth/reauth',
      headers: { cookie: admin.cookie },
      payload: { password: 'founder passphrase here' },
    });
    expect(reauth.statusCode).toBe(200);
    expect(Date.parse(reauth.json().reauthUntil) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await putRole()).statusCode).toBe(200);
    expect((await exportCsv()).statusCode).toBe(200);
  });
});
