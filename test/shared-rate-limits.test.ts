import { afterAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';

import { createUser, TEST_MFA_KEY } from './app.ts';
import { cloneTemplateDatabase } from './postgres.ts';

// Two instances of the app on one database, as behind a load balancer.
const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
const instance = () =>
  buildApp({
    config: loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY }),
    databaseUrl: database.url,
    scryptCost: 10,
    rateLimits: { auth: 4, forms: 1000, admin: 6 },
    jobs: { isRunningWorkers: false },
  });
const a = await instance();
const b = await instance();
await Promise.all([a.ready(), b.ready()]);
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});
const json = { 'content-type': 'application/json' };

describe('rate limits shared by all instances (counters in PostgreSQL)', () => {
  it("counts one client's sign-ins across both instances", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: json,
        remoteAddress: '203.0.113.9',
        payload: { email: `guess${i}@example.org`, password: 'not the password' },
      });
      statuses.push(res.statusCode);
    }
    // 4 a minute: two on each instance, then both refuse.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // Another client still gets through.
    const other = await b.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: json,
      remoteAddress: '203.0.113.10',
      payload: { email: 'x@example.org', password: 'not the password' },
    });
    expect(other.statusCode).toBe(401);
  });

  // Sessions that passed two-step verification, as the admin console requires (made directly: the
  // enrolment routes share the per-client limit this file uses up).
  const verifiedCookie = async (userId: string) =>
    `${SESSION_COOKIE}=${await createSession(a.db, userId, a.sessionPolicy, { isMfaVerified: true })}`;

  it('limits each admin account on the admin console, across instances', async () => {
    const admin = await createUser(a.db, { role: 'admin' });
    const cookie = await verifiedCookie(admin.id);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await (i % 2 ? a : b).inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie } })).statusCode);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // Another admin is counted apart.
    const other = await createUser(a.db, { role: 'admin' });
    expect(
      (await a.inject({ method: 'GET', url: '/api/admin/audit-log', headers: { cookie: await verifiedCookie(other.id) } })).statusCode,
    ).toBe(200);
  });
});
