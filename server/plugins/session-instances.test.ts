import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { createUser, enrolTotp, sessionCookie, TEST_MFA_KEY } from '#test/app.ts';
import { cloneTemplateDatabase } from '#test/postgres.ts';

import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createSession, SESSION_COOKIE } from '../lib/session.ts';

/**
 * Issue 24 item 6: two instances of the app on one database, as behind a load balancer
 * (docs/decisions/065). Instance B remembers sessions for a minute here, far beyond the 5 seconds of
 * production, so a refusal on B can only come from PostgreSQL's notification or from B reading the
 * session again, never from the memory expiring.
 */
const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
const config = loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY });
const start = async (): Promise<App> => {
  const app = await buildApp({
    config,
    databaseUrl: database.url,
    scryptCost: 10,
    sessionCacheMs: 60_000,
    rateLimits: { auth: 1000, forms: 1000, admin: 100_000 },
    jobs: { isRunningWorkers: false },
  });
  await app.ready();
  return app;
};
const a = await start();
const b = await start();
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await database.drop();
});

const json = { 'content-type': 'application/json' };
const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
/** A write an ordinary account makes (its mail settings). */
const writeSettings = (app: App, cookie: string) =>
  app.inject({ method: 'PATCH', url: '/api/account/notifications', headers: { ...json, cookie }, payload: { encouragement: false } });

/**
 * A read through B until it is refused, for at most 20 s: PostgreSQL delivers B's notification on
 * B's own connection, a moment after A's commit, so a read that B serves from its memory in that
 * moment is not refused yet (the write and staff checks above do not wait at all). B remembers for
 * 60 s: a refusal within 20 s is the notification's doing, however busy the machine.
 */
async function readUntilSignedOut(app: App, cookie: string) {
  const deadline = Date.now() + 20_000;
  let body = (await me(app, cookie)).json();
  while (body !== null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 5));
    body = (await me(app, cookie)).json();
  }
  return body;
}

describe('two instances on one database', () => {
  it('listens for changes on a connection of its own', () => {
    expect(a.sessionChanges.isListening).toBe(true);
    expect(b.sessionChanges.isListening).toBe(true);
  });

  it('a sign-out on A: the very next write through B is refused, and B forgets the session at once', async () => {
    const user = await createUser(a.db);
    const cookie = await sessionCookie(a, user.id);
    // B remembers the session (a read), and accepts a write.
    expect((await me(b, cookie)).json()).toMatchObject({ id: user.id });
    expect((await writeSettings(b, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).json()).toMatchObject({ id: user.id });

    const out = await a.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    const write = await writeSettings(b, cookie);
    expect(write.statusCode).toBe(401);
    expect(await readUntilSignedOut(b, cookie)).toBeNull();
  });

  it('a password changed on A ends the other sessions for B too', async () => {
    const user = await createUser(a.db, { password: 'an old river stone' });
    const here = await sessionCookie(a, user.id);
    const there = await sessionCookie(a, user.id);
    expect((await me(b, there)).json()).toMatchObject({ id: user.id });
    const change = await a.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { ...json, cookie: here },
      payload: { currentPassword: 'an old river stone', newPassword: 'a new song at dawn' },
    });
    expect(change.statusCode, change.body).toBeLessThan(300);
    expect((await writeSettings(b, there)).statusCode).toBe(401);
    expect(await readUntilSignedOut(b, there)).toBeNull();
  });

  it('an admin demoted or deactivated on A is refused by B on the very next request, a read included', async () => {
    const founder = await createUser(a.db, { role: 'founder' });
    const founderCookie = await sessionCookie(a, founder.id);
    await enrolTotp(a, founderCookie);
    const admin = await createUser(a.db, { role: 'admin' });
    const adminCookie = await sessionCookie(a, admin.id);
    await enrolTotp(a, adminCookie);
    const target = await createUser(a.db);
    const directory = () => b.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: adminCookie } });
    const grant = () =>
      b.inject({
        method: 'PUT',
        url: `/api/admin/users/${target.id}/role`,
        headers: { ...json, cookie: adminCookie },
        payload: { role: 'ambassador' },
      });
    // B knows the admin (and remembers them).
    expect((await directory()).statusCode).toBe(200);

    const demote = await a.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/role`,
      headers: { ...json, cookie: founderCookie },
      payload: { role: 'user' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await directory()).statusCode).toBe(403);
    expect((await grant()).statusCode).toBe(403);

    // Made admin again, then deactivated on A: the next request through B is a visitor's.
    expect(
      (
        await a.inject({
          method: 'PUT',
          url: `/api/admin/users/${admin.id}/role`,
          headers: { ...json, cookie: founderCookie },
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
    // Signed in again, with the second step.
    const readmitted = `${SESSION_COOKIE}=${await createSession(a.db, admin.id, a.sessionPolicy, { isMfaVerified: true })}`;
    expect((await b.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: readmitted } })).statusCode).toBe(200);
    const off = await a.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.id}/deactivation`,
      headers: { ...json, cookie: founderCookie },
      payload: { isDeactivated: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: readmitted } })).statusCode).toBe(401);
  });

  it('a change made outside the app (the users command line, SQL) reaches B through the database', async () => {
    const user = await createUser(a.db);
    const cookie = await sessionCookie(a, user.id);
    expect((await me(b, cookie)).json()).toMatchObject({ role: 'user' });
    await a.db.execute(sql`update users set deactivated_at = now() where id = ${user.id}`);
    expect(await readUntilSignedOut(b, cookie)).toBeNull();
  });

  it('listens again after its connection is cut, and forgets what it remembered meanwhile', async () => {
    const user = await createUser(a.db);
    const cookie = await sessionCookie(a, user.id);
    expect((await me(b, cookie)).json()).toMatchObject({ id: user.id });
    const pid = b.sessionChanges.backendPid;
    expect(pid).not.toBeNull();
    const relistened = b.sessionChanges.nextListening();
    await a.db.execute(sql`select pg_terminate_backend(${pid})`);
    await relistened;
    expect(b.sessionChanges.isListening).toBe(true);
    expect(b.sessionChanges.backendPid).not.toBe(pid);
    // The new connection hears the next change.
    expect((await me(b, cookie)).json()).toMatchObject({ id: user.id });
    await a.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(await readUntilSignedOut(b, cookie)).toBeNull();
  });
});
