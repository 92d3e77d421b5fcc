import { describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, signUpAndConfirm } from '#test/app.ts';

import { users } from '../db/schema/index.ts';
import { DEFAULT_SCRYPT_COST, hashPassword, verifyPassword } from './password.ts';

/**
 * The tests build their apps with a cheap scrypt cost (test/app.ts, e2e/fixtures.ts) to save CPU;
 * this file checks what production stores: OWASP's scrypt N=2^17, r=8, p=1.
 */
describe('password hashes in production', () => {
  it('are scrypt N=2^17, r=8, p=1 with a 16-byte salt and a 32-byte key, and verify', async () => {
    expect(DEFAULT_SCRYPT_COST).toBe(17);
    const stored = await hashPassword('where you go I will go');
    const [scheme, log2N, r, p, salt, key] = stored.split('$');
    expect([scheme, log2N, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await verifyPassword('where you go I will go', stored)).toBe(true);
    expect(await verifyPassword('where you go I will stay', stored)).toBe(false);
  });

  it('are what an app built without a test cost stores at sign-up', async () => {
    const app = await createTestApp({ isProductionPasswordCost: true });
    // The account is made when the mailed link is opened (decision 037), with the hash made at sign-up.
    const res = await signUpAndConfirm(app, {
      ...adultSignUp,
      firstName: 'Ruth',
      lastName: 'Moab',
      email: 'ruth@example.org',
      password: 'where you go I will go',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [user] = await app.db.select({ hash: users.passwordHash }).from(users);
    expect(user!.hash).toMatch(/^scrypt\$17\$8\$1\$/);
  });
});
