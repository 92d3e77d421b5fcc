import { Writable } from 'node:stream';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { signUpAndConfirm, TEST_MFA_KEY } from '#test/app.ts';
import { cloneTemplateDatabase } from '#test/postgres.ts';

import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, cb) {
    lines.push(String(chunk));
    cb();
  },
});
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'info', MFA_ENCRYPTION_KEY: TEST_MFA_KEY }),
  databaseUrl: database.url,
  scryptCost: 10,
  logger: { stream },
});
app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
  throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "secret_admin"');
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('error handler', () => {
  it('never leaks internals on a 5xx', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toContain('secret_admin');
  });

  it('answers unknown API routes with a 404 in the same shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('logs', () => {
  it('keep personal data out', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up?email=leak@example.org',
      headers: { 'content-type': 'application/json' },
      payload: {
        birthYear: 2000,
        birthMonth: 1,
        country: 'FR',
        faithDataConsent: true,
        firstName: 'Priv',
        lastName: 'Ate',
        email: 'private.person@example.org',
        password: 'my secret passphrase',
      },
    });
    const res = await app.inject({ method: 'GET', url: '/api/setup/some-secret-setup-token-value' });
    expect(res.statusCode).toBe(200);
    const all = lines.join('');
    expect(all).toContain('/api/auth/sign-up');
    expect(all).not.toContain('private.person@example.org');
    expect(all).not.toContain('leak@example.org');
    expect(all).not.toContain('my secret passphrase');
    expect(all).not.toContain('some-secret-setup-token-value');
    expect(all).not.toMatch(/sid=/);
  });
});

describe('request log', () => {
  it('writes one line per request with the route pattern, status, time, request id and account, never the email', async () => {
    const signUp = await signUpAndConfirm(app, {
      birthYear: 2000,
      birthMonth: 1,
      country: 'FR',
      faithDataConsent: true,
      firstName: 'One',
      lastName: 'Line',
      email: 'one.line@example.org',
      password: 'a record for each request',
    });
    const cookie = `sid=${signUp.cookies.find((c) => c.name === 'sid')!.value}`;
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    const account = me.json().id as string;
    await app.inject({ method: 'GET', url: '/api/courses/00000000-0000-4000-8000-000000000000/lessons?lang=fr', headers: { cookie } });
    // The line is written once the answer is sent (onResponse), so wait a turn for it.
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => String(l.route ?? l.url ?? '').includes('/lessons'));
    expect(logged).toHaveLength(1);
    // Fastify's own two lines per request are off.
    expect(lines.filter((l) => /incoming request|request completed/.test(l))).toEqual([]);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/courses/:courseId/lessons',
      status: 404,
      account,
    });
    expect(logged[0]!.reqId).toBeTruthy();
    expect(typeof logged[0]!.ms).toBe('number');
    expect(lines.join('')).not.toContain('one.line@example.org');
  });
});
