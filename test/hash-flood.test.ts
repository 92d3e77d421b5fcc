import { describe, expect, it } from 'vitest';

import { hashPassword } from '#server/lib/password.ts';

import { createTestApp, createUser } from './app.ts';

// One hash at a time and one waiting: a burst of sign-ins beyond that is refused at once.
const app = await createTestApp({ hashLimits: { concurrency: 1, queue: 1 } });
const json = { 'content-type': 'application/json' };

describe('a sign-in flood (issue 10, defect 5)', () => {
  it('refuses hashes beyond the queue at once with 503 and Retry-After, and keeps answering other requests', async () => {
    // A slower hash than the tests' usual one, so the burst's hashes overlap; one account per
    // request, so the per-account throttle (defect 6) does not answer first.
    const passwordHash = await hashPassword('the right passphrase', 15);
    const accounts = await Promise.all(Array.from({ length: 12 }, () => createUser(app.db, { passwordHash })));
    const user = accounts[0]!;
    const burst = accounts.map((a) =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: json, payload: { email: a.email, password: 'a wrong passphrase' } }),
    );
    const health = app.inject({ method: 'GET', url: '/api/health' });
    const answers = await Promise.all(burst);
    expect((await health).statusCode).toBe(200);

    const busy = answers.filter((r) => r.statusCode === 503);
    const refused = answers.filter((r) => r.statusCode === 401);
    expect(busy.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(busy.length + refused.length).toBe(answers.length);
    for (const r of busy) {
      expect(r.json().code).toBe('SERVER_BUSY');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    // Once the burst is over, the right password signs in.
    const later = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      payload: { email: user.email, password: 'the right passphrase' },
    });
    expect(later.statusCode).toBe(200);
  });
});
