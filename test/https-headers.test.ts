import { describe, expect, it } from 'vitest';

import { adultSignUp, createTestApp, signUpAndConfirm } from './app.ts';

/** Headers and cookies over https (behind one proxy), and the opt-in FORCE_HTTPS. */
const app = await createTestApp({ env: { TRUST_PROXY: '1' } });
const forced = await createTestApp({ env: { TRUST_PROXY: '1', FORCE_HTTPS: 'true' } });
const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' };
const json = { 'content-type': 'application/json' };

describe('over https', () => {
  it('names the session cookie __Host-sid (Secure, Path=/, no Domain) and reads only that name', async () => {
    const res = await signUpAndConfirm(
      app,
      { ...adultSignUp, firstName: 'Tls', lastName: 'Only', email: 'tls@example.org', password: 'encrypted all the way' },
      { ...json, ...https },
    );
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-sid')!;
    expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
    expect(cookie.domain).toBeUndefined();
    const me = (name: string) =>
      app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...https, cookie: `${name}=${cookie.value}` } });
    expect((await me('__Host-sid')).json()).toMatchObject({ email: 'tls@example.org' });
    // A plain "sid" cookie could have been planted by a sibling subdomain or over http.
    expect((await me('sid')).json()).toBeNull();
  });

  it('sends Cross-Origin-Resource-Policy and HSTS', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: https });
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
  });
});

describe('FORCE_HTTPS=true', () => {
  it('redirects http to the same address over https, and always sends HSTS', async () => {
    const res = await forced.inject({ method: 'GET', url: '/dashboard?x=1', headers: { host: 'god.example.org' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('https://god.example.org/dashboard?x=1');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    const write = await forced.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { ...json, host: 'god.example.org' },
      payload: {},
    });
    expect(write.statusCode).toBe(308);
  });

  it('serves https requests and leaves the health checks on http', async () => {
    expect((await forced.inject({ method: 'GET', url: '/api/health', headers: https })).statusCode).toBe(200);
    expect((await forced.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

it('without FORCE_HTTPS, plain http is served as before', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['strict-transport-security']).toBeUndefined();
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
});
