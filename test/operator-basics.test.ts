import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

import { createTestApp, TEST_MFA_KEY } from './app.ts';
import { cloneTemplateDatabase } from './postgres.ts';

/** What an operator running several instances relies on (issue 28, defect 5). */
const logLines: string[] = [];
const app = await createTestApp({ logLines, env: { LOG_LEVEL: 'info' } });
const logged = () => logLines.map((l) => JSON.parse(l) as { level: number; reqId?: string; route?: string; msg: string });

describe('GET /api/version', () => {
  it("answers the release's version", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version });
  });
});

describe('X-Request-Id', () => {
  it("keeps a proxy's request id, answers it and logs under it", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': 'lb-7f3a.01:ab' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-7f3a.01:ab');
    expect(logged().find((l) => l.msg === 'request' && l.route === '/api/config')?.reqId).toBe('lb-7f3a.01:ab');
  });

  it('replaces an id that is too long or carries other characters, and gives one to every answer', async () => {
    for (const sent of ['x'.repeat(129), 'two words', 'line\u2028break', '<script>']) {
      const res = await app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).not.toBe(sent);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('health probes in the logs', () => {
  it('a successful probe writes no info line; other requests do', async () => {
    const before = logLines.length;
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    const lines = logged()
      .slice(before)
      .filter((l) => l.msg === 'request');
    expect(lines.map((l) => l.route)).toEqual(['/api/config']);
  });
});

describe('FORCE_HTTPS', () => {
  it("redirects to PUBLIC_URL's origin, not to the app's own port", async () => {
    const behindProxy = await createTestApp({ env: { FORCE_HTTPS: 'true', PUBLIC_URL: 'https://god.example.org:8443' } });
    const res = await behindProxy.inject({ method: 'GET', url: '/dashboard?x=1', headers: { host: '10.0.0.5:5000' } });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('https://god.example.org:8443/dashboard?x=1');
  });

  it('without PUBLIC_URL, the same host name on the https port', async () => {
    const plain = await createTestApp({ env: { FORCE_HTTPS: 'true' } });
    const res = await plain.inject({ method: 'GET', url: '/courses', headers: { host: 'god.example.org:5000' } });
    expect(res.headers.location).toBe('https://god.example.org/courses');
  });
});

describe('while the database is down', () => {
  const cleanUp: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('a sign-in answers 503 with Retry-After, not 500, and works again when the database is back', async () => {
    const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
    cleanUp.push(database.drop);
    const target = new URL(database.url);
    // The app reaches its database through this relay, which the test cuts as a network or a stopped server would.
    const sockets = new Set<net.Socket>();
    let isUp = true;
    const relay = net.createServer((client) => {
      if (!isUp) return void client.destroy();
      const server = net.connect(Number(target.port), target.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    cleanUp.push(() => {
      relay.close();
      for (const s of sockets) s.destroy();
    });
    const relayed = new URL(database.url);
    relayed.port = String((relay.address() as net.AddressInfo).port);
    const app = await buildApp({
      config: loadConfig({ MFA_ENCRYPTION_KEY: TEST_MFA_KEY, LOG_LEVEL: 'silent' }),
      databaseUrl: relayed.toString(),
      scryptCost: 10,
      jobs: { isRunningWorkers: false },
    });
    cleanUp.push(async () => {
      isUp = true;
      await app.close();
    });

    const signIn = () =>
      app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nobody@example.org', password: 'a wrong password' } });
    expect((await signIn()).statusCode).toBe(401);
    isUp = false;
    for (const s of sockets) s.destroy();
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    isUp = true;
    expect((await signIn()).statusCode).toBe(401);
  });
});
