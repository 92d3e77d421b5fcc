import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { isProcessAlive } from '#server/db/embedded.ts';
import { checkDatabase, checkDataDir } from '#server/db/startup-checks.ts';

import { freePort } from './postgres.ts';
import { runMain as runMainWith } from './run-main.ts';

/** Runs server/main.ts until it exits, on 127.0.0.1 without a database unless `env` gives one. */
const runMain = (env: Record<string, string>) =>
  // A key, so no start writes a key file under ./secrets and DATABASE_URL's errors come after it (decision 066).
  runMainWith({
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...env,
  });

const adminUrl = inject('databaseAdminUrl');
const withPassword = (password: string) => {
  const u = new URL(adminUrl);
  u.password = password;
  return u.toString();
};

describe('start-up errors say what failed and how to fix it (issue 10, defect 11)', () => {
  it('names a wrong password, a refused port and a missing database in DATABASE_URL', async () => {
    await expect(checkDatabase(withPassword('not-the-password'))).rejects.toThrow(/refused the password of user "postgres"/);
    const port = await freePort();
    await expect(checkDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/app`)).rejects.toThrow(
      new RegExp(`nothing accepts connections at 127.0.0.1:${port}`),
    );
    await expect(checkDatabase(adminUrl.replace(/\/app$/, '/no_such_database'))).rejects.toThrow(
      /database "no_such_database" does not exist.*createdb/,
    );
    await expect(checkDatabase(adminUrl)).resolves.toBeUndefined();
  });

  it('checks DATA_DIR before using it: /proc, a file in the way, a folder it may not write', () => {
    expect(() => checkDataDir('/proc/god-data')).toThrow(/under \/proc, a virtual file system.*Set DATA_DIR to a folder on disk/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'god-datadir-'));
    try {
      writeFileSync(path.join(dir, 'file'), '');
      expect(() => checkDataDir(path.join(dir, 'file', 'data'))).toThrow(/is a file, not a folder/);
      expect(() => checkDataDir(path.join(dir, 'data'))).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the server prints the cause and exits 1 instead of "Failed query: CREATE SCHEMA"', { timeout: 120_000 }, async () => {
    const [wrongPassword, mysql, proc] = await Promise.all([
      runMain({ PORT: String(await freePort()), DATABASE_URL: withPassword('not-the-password') }),
      runMain({ PORT: String(await freePort()), DATABASE_URL: 'mysql://root:secret@127.0.0.1:3306/app' }),
      runMain({ PORT: String(await freePort()), DATA_DIR: '/proc/god-data' }),
    ]);
    expect(wrongPassword.code).toBe(1);
    expect(wrongPassword.output).toContain('refused the password');
    expect(wrongPassword.output).not.toContain('Failed query');
    expect(wrongPassword.output).not.toContain('not-the-password');
    expect(mysql.code).toBe(1);
    expect(mysql.output).toMatch(/DATABASE_URL: must be a PostgreSQL connection string/);
    expect(proc.code).toBe(1);
    expect(proc.output).toMatch(/DATA_DIR=\/proc\/god-data is under \/proc/);
  });

  it('stops the embedded PostgreSQL it started when listening fails (issue 24)', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-listen-fails-'));
    chmodSync(dataDir, 0o755); // the postgres system user (when running as root) must reach it
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const result = await runMain({ PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      expect(result.code).toBe(1);
      expect(result.output).toContain('EADDRINUSE');
      // A stopped PostgreSQL removes its pid file; one left running keeps it (and its port, and the data folder's lock).
      expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      expect(existsSync(pidFile)).toBe(false);
      expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
    } finally {
      taken.close();
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0 && isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
