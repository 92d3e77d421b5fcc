import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, sessionCookie, sessionTokenFrom } from '../../../test/app.ts';
import { auditLog, mailOutbox, sessions } from '../../db/schema/index.ts';

const app = await createTestApp({ rateLimits: { auth: 1000, forms: 1000 } });

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Signs in through the API from a browser with this User-Agent; returns the Cookie header. */
async function signIn(email: string, password: string, userAgent = LAPTOP_UA) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, headers: { 'user-agent': userAgent } });
  expect(res.statusCode).toBe(200);
  return `sid=${sessionTokenFrom(res)}`;
}
const me = async (cookie: string) => (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
const changePassword = (cookie: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/account/password', headers: { cookie }, payload });

describe('change password', () => {
  it('needs a session, and the current password', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    expect((await changePassword('', { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase' })).statusCode).toBe(401);
    const cookie = await signIn(user.email, 'my old passphrase');
    const wrong = await changePassword(cookie, { currentPassword: 'not my passphrase', newPassword: 'a brand new passphrase' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Your current password is not correct.' });
    // Nothing changed: the old password still signs in, the new one does not.
    await signIn(user.email, 'my old passphrase');
    const refused = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: 'a brand new passphrase' } });
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
    expect((await changePassword(cookie, { currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase', extra: 1 })).statusCode).toBe(400);
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

    expect((await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: 'my old passphrase' } })).statusCode).toBe(401);
    await signIn(user.email, 'a brand new passphrase');

    const audit = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'password.changed'), eq(auditLog.targetId, user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: user.id, details: { endedSessions: 1 } });
    const [mail] = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'password-changed')));
    expect(mail!.subject).toBe('Ton mot de passe a été changé');
    expect(mail!.text).toContain('Bonjour Léa,');
    expect(mail!.text).toContain('/forgot-password');
    expect(mail!.text).not.toContain('brand new');
  });

  it('refuses an account without a password (OpenID Connect only)', async () => {
    const user = await createUser(app.db, { oidcSubject: 'https://idp|change-pw' });
    const res = await changePassword(await sessionCookie(app, user.id), { currentPassword: 'anything', newPassword: 'a brand new passphrase' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NO_PASSWORD');
  });
});

describe('sessions', () => {
  it('lists the account\'s own live sessions with their device, the current one marked', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const someoneElse = await createUser(app.db, { password: 'another passphrase' });
    await signIn(someoneElse.email, 'another passphrase');
    await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    // An expired session of the user is not listed.
    await app.db.insert(sessions).values({ idHash: 'expired-session-hash', userId: user.id, expiresAt: new Date(Date.now() - 1000) });

    const res = await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } });
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as { id: string; browser: string; os: string; isMobile: boolean; isCurrent: boolean; signedInAt: string; lastSeenAt: string }[];
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

  it('signs out one session at once on this instance; another account\'s session id is a 404', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const other = await createUser(app.db, { password: 'another passphrase' });
    const otherCookie = await signIn(other.email, 'another passphrase');
    const phone = await signIn(user.email, 'my old passphrase', PHONE_UA);
    const laptop = await signIn(user.email, 'my old passphrase', LAPTOP_UA);
    expect(await me(phone)).toMatchObject({ id: user.id });
    const list = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } })).json().sessions as { id: string; isCurrent: boolean }[];
    const phoneId = list.find((s) => !s.isCurrent)!.id;

    const othersList = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: otherCookie } })).json().sessions as { id: string }[];
    const notMine = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${othersList[0]!.id}`, headers: { cookie: laptop } });
    expect(notMine.statusCode).toBe(404);
    expect(await me(otherCookie)).toMatchObject({ id: other.id });
    expect((await app.inject({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', headers: { cookie: laptop } })).statusCode).toBe(400);

    const res = await app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: { cookie: laptop } });
    expect(res.statusCode).toBe(204);
    expect(await me(phone)).toBeNull();
    expect(await me(laptop)).toMatchObject({ id: user.id });
    expect((await app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: { cookie: laptop } })).statusCode).toBe(404);
  });

  it('signing out the current session from the list ends it and clears the cookie', async () => {
    const user = await createUser(app.db, { password: 'my old passphrase' });
    const laptop = await signIn(user.email, 'my old passphrase');
    const [current] = (await app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie: laptop } })).json().sessions as { id: string }[];
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
    const audit = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'sessions.ended'), eq(auditLog.targetId, user.id)));
    expect(audit[0]).toMatchObject({ details: { endedSessions: 2 } });
  });
});
