import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { compiled } from './compiled.ts';
import { cloneTemplateDatabase, freePort } from './postgres.ts';

/**
 * The real `server/main.ts` with its embedded PostgreSQL: a kill -9 of the app must not lose
 * committed rows, and the next start must recover by itself (stale postmaster, port in use).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-restart-'));
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every start shares one key (required with DATABASE_URL; no key file under ./secrets otherwise; decision 066). */
const testKey = Buffer.alloc(32, 7).toString('base64');

async function startServer(port: number, pgPort: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [await compiled('server/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      MFA_ENCRYPTION_KEY: testKey,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    // A ceiling, not a delay: a first start runs initdb, and at a low CPU priority beside the browser
    // tests (npm test) that took over 60 s once.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000);
    child.stdout!.on('data', () => {
      if (output.includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

const base = (port: number) => `http://127.0.0.1:${port}`;

describe('embedded PostgreSQL lifecycle', () => {
  it('keeps committed rows after kill -9 and shuts down cleanly on SIGTERM', { timeout: 360_000 }, async () => {
    const port = await freePort();
    const pgPort = await freePort();
    const first = await startServer(port, pgPort);
    expect(first.output()).toMatch(/\/setup\/[A-Za-z0-9_-]{40,}/);
    const res = await fetch(`${base(port)}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        birthYear: 2000,
        birthMonth: 1,
        country: 'FR',
        faithDataConsent: true,
        firstName: 'Ruth',
        lastName: 'Moab',
        email: 'ruth@example.org',
        password: 'where you go I will go',
      }),
    });
    expect(res.status).toBe(202);
    // The account is made by the link mailed to the address (decision 037): without SMTP_URL, on this
    // loopback install, the mail is in the local mailbox (decision 059).
    let token: string | undefined;
    await expect
      .poll(
        async () => {
          const { items } = (await (await fetch(`${base(port)}/api/local-mailbox`)).json()) as { items: { to: string; text: string }[] };
          token = /\/confirm-sign-up\/([A-Za-z0-9_-]{43})/.exec(items.find((m) => m.to === 'ruth@example.org')?.text ?? '')?.[1];
          return token !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const confirmed = await fetch(`${base(port)}/api/auth/sign-up/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'where you go I will go' }),
    });
    expect(confirmed.status).toBe(200);

    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    // The orphaned postmaster still holds the port and the pid file: the next start must cope.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const second = await startServer(port, pgPort);
    const signIn = await fetch(`${base(port)}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ruth@example.org', password: 'where you go I will go' }),
    });
    expect(signIn.status).toBe(200);

    second.child.kill('SIGTERM');
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(0);
    // A clean stop leaves no postmaster behind.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it(
    'refuses a second instance on the same DATA_DIR, and restarts a dead postmaster without losing data',
    { timeout: 360_000 },
    async () => {
      const ownDataDir = mkdtempSync(path.join(os.tmpdir(), 'god-owner-'));
      chmodSync(ownDataDir, 0o755);
      try {
        const port = await freePort();
        const pgPort = await freePort();
        const first = await startServer(port, pgPort, { DATA_DIR: ownDataDir });

        // Issue 10, defect 9: the second instance stops with a clear message; the first keeps its database.
        const second = spawn(process.execPath, [await compiled('server/main.ts')], {
          env: {
            ...process.env,
            PORT: String(await freePort()),
            HOST: '127.0.0.1',
            DATA_DIR: ownDataDir,
            EMBEDDED_PG_PORT: String(await freePort()),
            LOG_LEVEL: 'warn',
            DATABASE_URL: '',
            MFA_ENCRYPTION_KEY: testKey,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(second);
        let secondOutput = '';
        second.stdout.on('data', (d) => (secondOutput += d));
        second.stderr.on('data', (d) => (secondOutput += d));
        expect(await new Promise((r) => second.once('exit', r))).toBe(1);
        expect(secondOutput).toMatch(new RegExp(`Another process \\(pid ${first.child.pid}\\) is already using the data folder`));
        expect((await fetch(`${base(port)}/api/ready`)).status).toBe(200);

        // Issue 10, defect 10: a postmaster killed under the app is started again, committed rows kept.
        const db = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/app` });
        await db.connect();
        await db.query(`insert into users (email, first_name) values ('naomi@example.org', 'Naomi')`);
        await db.end();
        const postmaster = Number(readFileSync(path.join(ownDataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(postmaster, 'SIGKILL');
        // The app notices (its watchdog looks every second) and says so; until then a backend of the
        // killed server may still answer /api/ready on a pooled connection, so wait for the notice first.
        const restarting = /The embedded PostgreSQL \(pid \d+\) has stopped; restarting it/;
        for (let i = 0; i < 600 && !restarting.test(first.output()); i++) await new Promise((r) => setTimeout(r, 100));
        expect(first.output()).toMatch(restarting);
        let ready = 0;
        for (let i = 0; i < 600 && ready !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          ready = await fetch(`${base(port)}/api/ready`).then(
            (r) => r.status,
            () => 0,
          );
        }
        expect(ready).toBe(200);
        const again = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/app` });
        await again.connect();
        expect((await again.query(`select first_name from users where email = 'naomi@example.org'`)).rows).toEqual([
          { first_name: 'Naomi' },
        ]);
        await again.end();

        first.child.kill('SIGTERM');
        expect(await new Promise((r) => first.child.once('exit', r))).toBe(0);
        expect(existsSync(path.join(ownDataDir, 'app.lock'))).toBe(false);
      } finally {
        rmSync(ownDataDir, { recursive: true, force: true });
      }
    },
  );

  it('uses DATABASE_URL when set and starts no database of its own', { timeout: 240_000 }, async () => {
    const database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
    const ownDataDir = mkdtempSync(path.join(os.tmpdir(), 'god-external-'));
    try {
      const port = await freePort();
      const server = await startServer(port, await freePort(), { DATABASE_URL: database.url, DATA_DIR: ownDataDir });
      expect(server.output()).not.toContain('embedded PostgreSQL');
      expect((await fetch(`${base(port)}/api/ready`)).status).toBe(200);
      expect(existsSync(path.join(ownDataDir, 'pg'))).toBe(false);
      server.child.kill('SIGTERM');
      expect(await new Promise((r) => server.child.once('exit', r))).toBe(0);
    } finally {
      rmSync(ownDataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
