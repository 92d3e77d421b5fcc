import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, mailOutbox, secondFactorFailures, sessions, signInFailures } from '#server/db/schema/index.ts';
import { emailKeyOf } from '#server/modules/auth/sign-in-throttle.ts';

import { createTestApp, createUser, enrolTotp, sessionCookie, sessionTokenFrom, totpCodeFor } from './app.ts';

/**
 * Issue 24, items 1-2: every second-factor and step-up check is limited per account and per session,
 * not only per client address (docs/decisions/064).
 */
const app = await createTestApp();
let address = 0;
/** Each request from another client address, as a botnet would: the per-client limit never applies. */
const post = (url: string, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { cookie }, remoteAddress: `203.0.113.${(address++ % 250) + 1}`, payload });

/** A code the server refuses now: none of the three steps it accepts. */
async function wrongCodeFor(secret: string): Promise<string> {
  const accepted = new Set([await totpCodeFor(secret, -1), await totpCodeFor(secret, 0), await totpCodeFor(secret, 1)]);
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

/** An account with two-step verification on and a signed-in session; its step-up made old, as after 15 minutes. */
async function enrolledUser(password = 'a long and quiet passphrase') {
  const user = await createUser(app.db, { password });
  const cookie = await sessionCookie(app, user.id);
  const { secret, recoveryCodes } = await enrolTotp(app, cookie);
  await app.db
    .update(sessions)
    .set({ reauthAt: new Date(Date.now() - 16 * 60_000) })
    .where(eq(sessions.userId, user.id));
  return { user, cookie, secret, recoveryCodes, password };
}

/** Moves every second-factor failure of the account back in time, as if its wait had passed. */
const waitOut = (userId: string, seconds: number) =>
  app.db
    .update(secondFactorFailures)
    .set({ lastFailureAt: sql`last_failure_at - make_interval(secs => ${seconds})` })
    .where(eq(secondFactorFailures.userId, userId));
/** As if the last failure had just happened (a slow machine may otherwise outlast a 1-second wait). */
const justFailed = (userId: string) =>
  app.db.update(secondFactorFailures).set({ lastFailureAt: new Date() }).where(eq(secondFactorFailures.userId, userId));
const justFailedSignIn = (email: string) =>
  app.db
    .update(signInFailures)
    .set({ lastFailureAt: new Date() })
    .where(eq(signInFailures.emailKey, emailKeyOf(email)));
const mailsOfKind = (to: string, kind: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));

describe('step-up by code (POST /api/auth/reauth)', () => {
  it('from rotating addresses: 5 wrong codes, then 429 with Retry-After, and the right code is not checked while the wait lasts', async () => {
    const { user, cookie, secret } = await enrolledUser();
    const wrong = await wrongCodeFor(secret);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post('/api/auth/reauth', cookie, { code: wrong })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    // Then waits of 1, 2, 4 s... between checked attempts: nearly every later guess is refused unchecked.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);

    await justFailed(user.id);
    const right = await post('/api/auth/reauth', cookie, { code: await totpCodeFor(secret) });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'SECOND_FACTOR_THROTTLED', message: expect.stringMatching(/wait \d+ seconds/) });
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('is a wait, not a lockout: once it is over the right code passes and the count starts again', async () => {
    const { user, cookie, secret } = await enrolledUser();
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 6; i++) await post('/api/auth/reauth', cookie, { code: wrong });
    await justFailed(user.id);
    expect((await post('/api/auth/reauth', cookie, { code: await totpCodeFor(secret) })).statusCode).toBe(429);
    await waitOut(user.id, 60);
    // The next step's code: the current one was used up at enrolment (each code works once).
    expect((await post('/api/auth/reauth', cookie, { code: await totpCodeFor(secret, 1) })).statusCode).toBe(200);
    expect(await app.db.select().from(secondFactorFailures).where(eq(secondFactorFailures.userId, user.id))).toEqual([]);
  });

  it("counts per account: wrong codes in one session make the owner's other session wait too; the other session's success does not free the first", async () => {
    const { user, cookie: stolen, secret } = await enrolledUser();
    const owner = await sessionCookie(app, user.id);
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/reauth', stolen, { code: wrong })).statusCode).toBe(400);
    await justFailed(user.id);
    const waiting = await post('/api/auth/reauth', owner, { code: await totpCodeFor(secret, 1) });
    expect(waiting.json().code).toBe('SECOND_FACTOR_THROTTLED');
    // The owner waits it out and passes (the account's count starts again) ...
    await waitOut(user.id, 60);
    expect((await post('/api/auth/reauth', owner, { code: await totpCodeFor(secret, 1) })).statusCode).toBe(200);
    // ... but the session that guessed still has its own count: its next guess waits.
    await justFailed(user.id);
    expect((await post('/api/auth/reauth', stolen, { code: wrong })).json().code).toBe('SECOND_FACTOR_THROTTLED');
  });

  it('tells the owner by mail after 5 wrong codes (once a day, in their language, without any code), and audits each', async () => {
    const { user, cookie, secret } = await enrolledUser();
    const wrong = await wrongCodeFor(secret);
    for (let i = 0; i < 4; i++) await post('/api/auth/reauth', cookie, { code: wrong });
    expect(await mailsOfKind(user.email, 'second-factor-failures')).toHaveLength(0);
    await post('/api/auth/reauth', cookie, { code: wrong });
    await waitOut(user.id, 3600);
    for (let i = 0; i < 3; i++) {
      await post('/api/auth/reauth', cookie, { code: wrong });
      await waitOut(user.id, 3600);
    }
    const mails = await mailsOfKind(user.email, 'second-factor-failures');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Wrong codes typed for your account');
    expect(mails[0]!.text).toContain('5 times');
    expect(mails[0]!.text).toContain('/settings');
    expect(mails[0]!.text).not.toContain(wrong);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.failed'), eq(auditLog.targetId, user.id)));
    expect(audited).toHaveLength(8);
  });
});

describe('step-up by password', () => {
  it("shares the email's sign-in count: wrong passwords through a stolen session make sign-in wait, and the right one is not checked", async () => {
    const { user, cookie, password } = await enrolledUser();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/reauth', cookie, { password: `guess number ${i}` })).json().code).toBe('WRONG_PASSWORD');
    const [row] = await app.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.emailKey, emailKeyOf(user.email)));
    expect(row!.failures).toBe(5);
    // This session's 5 wrong step-ups tell the owner.
    expect(await mailsOfKind(user.email, 'second-factor-failures')).toHaveLength(1);
    await justFailedSignIn(user.email);
    const right = await post('/api/auth/reauth', cookie, { password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await justFailedSignIn(user.email);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
    expect(signIn.json().code).toBe('SIGN_IN_THROTTLED');
  });

  it('counts the current password of a change of password and of deleting the account the same way', async () => {
    const { user, cookie } = await enrolledUser();
    for (let i = 0; i < 3; i++)
      expect(
        (
          await post('/api/account/password', cookie, { currentPassword: `guess ${i} here`, newPassword: 'an entirely new passphrase' })
        ).json().code,
      ).toBe('WRONG_PASSWORD');
    for (let i = 0; i < 2; i++)
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie }, payload: { password: `other guess ${i}` } })).json()
          .code,
      ).toBe('WRONG_PASSWORD');
    const [row] = await app.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.emailKey, emailKeyOf(user.email)));
    expect(row!.failures).toBe(5);
    await justFailedSignIn(user.email);
    expect(
      (await post('/api/account/password', cookie, { currentPassword: 'one more guess', newPassword: 'an entirely new passphrase' }))
        .statusCode,
    ).toBe(429);
  });
});

describe('the second step of sign-in (POST /api/auth/mfa)', () => {
  async function passwordStep(email: string, password: string) {
    const res = await post('/api/auth/sign-in', '', { email, password });
    expect(res.json()).toEqual({ mfaRequired: true });
    return `mfa=${res.cookies.find((c) => c.name === 'mfa')!.value}`;
  }

  it('counts per account across challenges: the right password starts a new challenge but does not reset the count', async () => {
    const { user, secret, password } = await enrolledUser();
    const wrong = await wrongCodeFor(secret);
    const answers: string[] = [];
    // A stranger who knows the password: 4 challenges of 2 wrong codes each.
    for (let round = 0; round < 4; round++) {
      const challenge = await passwordStep(user.email, password);
      for (let i = 0; i < 2; i++) answers.push((await post('/api/auth/mfa', challenge, { code: wrong })).json().code);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('INVALID_CODE'));
    expect(answers.slice(5)).toContain('SECOND_FACTOR_THROTTLED');
    // The owner's right code in a fresh challenge waits too ...
    await justFailed(user.id);
    const owner = await passwordStep(user.email, password);
    const waiting = await post('/api/auth/mfa', owner, { code: await totpCodeFor(secret, 1) });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // ... and passes once the wait is over.
    await waitOut(user.id, 3600);
    const ok = await post('/api/auth/mfa', owner, { code: await totpCodeFor(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(sessionTokenFrom(ok)).toBeTruthy();
  });

  it('never makes a recovery code wait: the owner signs in while a stranger keeps the codes waiting', async () => {
    const { user, secret, recoveryCodes, password } = await enrolledUser();
    const wrong = await wrongCodeFor(secret);
    for (let round = 0; round < 3; round++) {
      const challenge = await passwordStep(user.email, password);
      for (let i = 0; i < 3; i++) await post('/api/auth/mfa', challenge, { code: wrong });
    }
    const owner = await passwordStep(user.email, password);
    await justFailed(user.id);
    expect((await post('/api/auth/mfa', owner, { code: await totpCodeFor(secret, 1) })).json().code).toBe('SECOND_FACTOR_THROTTLED');
    const ok = await post('/api/auth/mfa', owner, { recoveryCode: recoveryCodes[0]! });
    expect(ok.statusCode).toBe(200);
    // The mail went to the owner at the fifth wrong code.
    expect(await mailsOfKind(user.email, 'second-factor-failures')).toHaveLength(1);
  });
});
