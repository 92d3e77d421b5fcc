import { describe, expect, it } from 'vitest';

import { createTestApp } from './app.ts';

/**
 * Behind one proxy, the client's address is the one that proxy appended last to X-Forwarded-For;
 * whatever the client wrote before it must not choose the rate-limit key.
 */
const app = await createTestApp({ env: { TRUST_PROXY: '1' }, rateLimits: { auth: 3, forms: 3 } });

describe('TRUST_PROXY=1', () => {
  it('keeps counting one client whose left-most X-Forwarded-For changes every request', async () => {
    const attempt = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '10.0.0.2',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        payload: { email: 'x@example.org', password: 'wrong password' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it('still tells two real clients apart', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
      payload: { email: 'x@example.org', password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
  });
});
