import { describe, expect, it } from 'vitest';

import { userTokens } from '#server/db/schema/index.ts';
import { passwordWeakness } from '#server/lib/password.ts';
import { hashToken, newToken } from '#server/lib/session.ts';

import { adultSignUp, createTestApp, createUser, sessionCookie } from './app.ts';

/**
 * Issue 24, item 7: one password policy for every password a person chooses (sign-up, founder
 * setup, reset, change), with a strength estimate (zxcvbn), the reason sent for the client to word.
 */
const app = await createTestApp();

describe('the password policy', () => {
  const owner = { email: 'joanna.chuza@example.org', firstName: 'Joanna', lastName: 'Chuza' };

  it('refuses what anyone would guess first, and says why', () => {
    expect(passwordWeakness('Passw0rd!', owner)).toBe('guessable');
    expect(passwordWeakness('password123', owner)).toBe('common');
    expect(passwordWeakness('aaaaaaaa', owner)).toBe('repeated');
    expect(passwordWeakness('qwertyuiop12', owner)).not.toBeNull();
    expect(passwordWeakness('joanna.chuza@example.org!', owner)).toBe('email');
    expect(passwordWeakness('my name is joanna ok', owner)).toBe('name');
    expect(passwordWeakness('soleil2024', owner)).not.toBeNull();
  });

  it('accepts a few unrelated words or a longer sentence', () => {
    for (const password of ['walking in the light', 'where you go I will go', 'violet kettle harbour sprint', 'une girafe joue du banjo'])
      expect(passwordWeakness(password, owner), password).toBeNull();
  });
});

/** Each way to choose a password, with the account's own details; each answers 400 WEAK_PASSWORD with its reason. */
describe('every form that sets a password', () => {
  const expectRefused = (res: { statusCode: number; json: () => Record<string, unknown> }, reason: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', reason });
  };

  it('sign-up', async () => {
    const form = { ...adultSignUp, firstName: 'Lydia', lastName: 'Thyatira', email: 'lydia.purple@example.org' };
    expectRefused(await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...form, password: 'Passw0rd!' } }), 'guessable');
    expectRefused(
      await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...form, password: 'thyatira forever' } }),
      'name',
    );
  });

  it("a password reset: the same rules as sign-up, the account's own email and name included", async () => {
    const user = await createUser(app.db, {
      email: 'priscilla.tent@example.org',
      firstName: 'Priscilla',
      lastName: 'Aquila',
      password: 'the old passphrase here',
    });
    const reset = async (password: string) => {
      const token = newToken();
      await app.db.insert(userTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: 'password-reset',
        email: user.email,
        expiresAt: new Date(Date.now() + 600_000),
      });
      return app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });
    };
    expectRefused(await reset('Passw0rd!'), 'guessable');
    expectRefused(await reset('aaaaaaaa'), 'repeated');
    expectRefused(await reset('priscilla.tent@example.org'), 'email');
    expectRefused(await reset('I am priscilla now'), 'name');
    expect((await reset('tents for the road ahead')).statusCode).toBe(200);
  });

  it('a change of password', async () => {
    const user = await createUser(app.db, { password: 'the old passphrase here' });
    const cookie = await sessionCookie(app, user.id);
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie },
        payload: { currentPassword: 'the old passphrase here', newPassword: 'Passw0rd!' },
      }),
      'guessable',
    );
  });

  it("the founder's setup link", async () => {
    const token = ((await app.auth.issueSetupLinkAtStart()) as { token: string }).token;
    const body = { token, firstName: 'Phoebe', lastName: 'Cenchreae', email: 'phoebe.setup@example.org' };
    expectRefused(await app.inject({ method: 'POST', url: '/api/setup', payload: { ...body, password: 'Passw0rd!' } }), 'guessable');
    expectRefused(await app.inject({ method: 'POST', url: '/api/setup', payload: { ...body, password: 'phoebe.setup 2026' } }), 'email');
    expect(
      (await app.inject({ method: 'POST', url: '/api/setup', payload: { ...body, password: 'servant of the church' } })).statusCode,
    ).toBe(201);
  });
});
