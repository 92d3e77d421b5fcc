import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { mailOutbox, signInFailures } from '#server/db/schema/index.ts';
import { emailKeyOf } from '#server/modules/auth/sign-in-throttle.ts';

import { createTestApp, createUser } from './app.ts';

const app = await createTestApp();
const json = { 'content-type': 'application/json' };
let address = 0;
// Each attempt from another client address, as a botnet would (the per-client limit does not apply).
const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: json,
    remoteAddress: `198.51.100.${(address++ % 250) + 1}`,
    payload: { email, password },
  });
/** Moves the last failure back in time, as if the wait had passed. */
const waitOut = (email: string, seconds: number) =>
  app.db
    .update(signInFailures)
    .set({ lastFailureAt: sql`last_failure_at - make_interval(secs => ${seconds})` })
    .where(eq(signInFailures.emailKey, emailKeyOf(email)));
const mailsTo = (to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe('per-account sign-in throttling (issue 10, defect 6)', () => {
  it('makes guesses from many addresses wait longer and longer, so the right password after 40 wrong ones does not sign in at once', async () => {
    const user = await createUser(app.db, { password: 'the right passphrase' });
    const answers: number[] = [];
    const started = performance.now();
    for (let i = 0; i < 40; i++) answers.push((await signIn(user.email, `wrong guess ${i}`)).statusCode);
    const seconds = (performance.now() - started) / 1000;
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // Then waits of 1, 2, 4, 8 s... between checked guesses: in `seconds`, at most log2(seconds + 1)
    // more guesses were checked; every other one was refused unchecked.
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(5 + Math.ceil(Math.log2(seconds + 1)) + 1);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);

    // Right after the 40th guess (on a slow machine the last wait may have run out: the guess is "now").
    await app.db
      .update(signInFailures)
      .set({ lastFailureAt: new Date() })
      .where(eq(signInFailures.emailKey, emailKeyOf(user.email)));
    const right = await signIn(user.email, 'the right passphrase');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'SIGN_IN_THROTTLED', message: expect.stringMatching(/wait \d+ seconds/) });
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('is a delay, not a lockout: once the wait is over the owner signs in, and the count starts again', async () => {
    const user = await createUser(app.db, { password: 'the right passphrase' });
    for (let i = 0; i < 7; i++) await signIn(user.email, `wrong guess ${i}`);
    await app.db
      .update(signInFailures)
      .set({ lastFailureAt: new Date() })
      .where(eq(signInFailures.emailKey, emailKeyOf(user.email)));
    expect((await signIn(user.email, 'the right passphrase')).statusCode).toBe(429);
    await waitOut(user.email, 10);
    expect((await signIn(user.email, 'the right passphrase')).statusCode).toBe(200);
    expect((await signIn(user.email, 'one more wrong guess')).statusCode).toBe(401);
  });

  it('answers an unknown email exactly like a known one', async () => {
    const known = await createUser(app.db, { password: 'the right passphrase' });
    const unknown = `nobody-${Date.now()}@example.org`;
    const answer = async (email: string) => {
      const r = await signIn(email, 'wrong guess');
      return { status: r.statusCode, code: r.json().code, retryAfter: Number(r.headers['retry-after'] ?? 0) };
    };
    for (let i = 0; i < 5; i++) expect(await answer(unknown)).toEqual(await answer(known.email));
    // Both counted alike: the same number of failures, and once past the free attempts, the same wait.
    const rows = await app.db
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.emailKey, [emailKeyOf(known.email), emailKeyOf(unknown)]));
    expect(rows.map((r) => r.failures)).toEqual([5, 5]);
    await app.db
      .update(signInFailures)
      .set({ failures: 10, lastFailureAt: new Date() })
      .where(inArray(signInFailures.emailKey, [emailKeyOf(known.email), emailKeyOf(unknown)]));
    const [a, b] = [await answer(known.email), await answer(unknown)];
    expect([a.status, a.code, b.status, b.code]).toEqual([429, 'SIGN_IN_THROTTLED', 429, 'SIGN_IN_THROTTLED']);
    expect(Math.abs(a.retryAfter - b.retryAfter)).toBeLessThanOrEqual(1);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('mails the owner once after repeated failures, in their language, with a link to choose a new password', async () => {
    const user = await createUser(app.db, { password: 'the right passphrase', locale: 'fr' });
    for (let i = 0; i < 12; i++) {
      await waitOut(user.email, 3600);
      expect((await signIn(user.email, `wrong guess ${i}`)).statusCode).toBe(401);
    }
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'sign-in-failures', subject: 'Connexions échouées à ton compte' });
    expect(mails[0]!.text).toContain('10 fois');
    expect(mails[0]!.text).toContain('/forgot-password');
    // The table keeps no address.
    const rows = await app.db.select().from(signInFailures);
    expect(JSON.stringify(rows)).not.toContain(user.email);
  });

  it('ends the delays when the owner resets the password: the new password signs in at once', async () => {
    const user = await createUser(app.db, { password: 'the right passphrase' });
    for (let i = 0; i < 8; i++) await signIn(user.email, `wrong guess ${i}`);
    await app.db
      .update(signInFailures)
      .set({ lastFailureAt: new Date() })
      .where(eq(signInFailures.emailKey, emailKeyOf(user.email)));
    expect((await signIn(user.email, 'the right passphrase')).statusCode).toBe(429);

    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/password-reset', headers: json, payload: { email: user.email } })).statusCode,
    ).toBe(202);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.kind === 'password-reset');
    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      headers: json,
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);

    expect(
      await app.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.emailKey, emailKeyOf(user.email))),
    ).toEqual([]);
    expect((await signIn(user.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('lets parallel guesses through no faster than sequential ones', async () => {
    const user = await createUser(app.db, { password: 'the right passphrase' });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(user.email, `parallel guess ${i}`)));
    expect(burst.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(6);
  });
});
