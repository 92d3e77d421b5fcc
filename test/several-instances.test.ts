import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/client.ts';
import { migrationsFolder, runMigrations } from '#server/db/migrate.ts';
import { userTotp } from '#server/db/schema/index.ts';
import { StartupError } from '#server/db/startup-checks.ts';
import { loadSecretKey } from '#server/lib/secret-box.ts';

import { createUser, sessionCookie, totpCodeFor } from './app.ts';
import { compiled } from './compiled.ts';
import { cloneTemplateDatabase, freePort } from './postgres.ts';

/**
 * Several instances on one database (issue 28): the key that seals two-step verification secrets
 * must be the same everywhere, or a code set up through one instance fails through another.
 */
const adminUrl = inject('databaseAdminUrl');
const keyA = Buffer.alloc(32, 0xa1).toString('base64');
const keyB = Buffer.alloc(32, 0xb2).toString('base64');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'god-instances-'));
chmodSync(tmp, 0o755);
const apps: App[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const drop of drops) await drop();
  rmSync(tmp, { recursive: true, force: true });
});

async function freshDatabase() {
  const database = await cloneTemplateDatabase(adminUrl);
  drops.push(database.drop);
  return database.url;
}

/** One instance of the app (in this process) on `databaseUrl` with `key` as MFA_ENCRYPTION_KEY. */
async function instance(databaseUrl: string, key: string) {
  const app = await buildApp({
    config: loadConfig({ MFA_ENCRYPTION_KEY: key, LOG_LEVEL: 'silent' }),
    databaseUrl,
    scryptCost: 10,
    jobs: { isRunningWorkers: false },
  });
  apps.push(app);
  return app;
}

/** server/main.ts compiled, as production runs it, with `env` until it exits or prints its address; its output and exit code. */
async function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, [await compiled('server/main.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(await freePort()), MFA_ENCRYPTION_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const collect = (d: Buffer) => {
      output += d;
      // Started although it should not have: stop it, the test then fails on the exit code.
      if (output.includes('running at')) child.kill('SIGKILL');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the two-step verification key across instances (issue 28, defect 1)', () => {
  it('refuses to start with DATABASE_URL and no MFA_ENCRYPTION_KEY, naming the variable', { timeout: 120_000 }, async () => {
    const result = await runMain({ DATABASE_URL: await freshDatabase(), DATA_DIR: path.join(tmp, 'unused') });
    expect(result.output).toContain('MFA_ENCRYPTION_KEY is required when DATABASE_URL is set');
    expect(result.code).toBe(1);
    // Each instance used to make its own key file there.
    expect(existsSync(path.join(tmp, 'unused', 'mfa-encryption.key'))).toBe(false);
  });

  it('a code set up through one instance works through another, and an instance with another key does not start', async () => {
    const url = await freshDatabase();
    const first = await instance(url, keyA);
    const second = await instance(url, keyA);
    const user = await createUser(first.db);
    const cookie = await sessionCookie(first, user.id);
    const setup = await first.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers: { cookie } });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await second.inject({
      method: 'POST',
      url: '/api/account/mfa/totp/confirm',
      headers: { cookie },
      payload: { code: await totpCodeFor(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const mismatch = instance(url, keyB);
    await expect(mismatch).rejects.toThrow(StartupError);
    await expect(mismatch).rejects.toThrow(
      /MFA_ENCRYPTION_KEY is not the key this database was first used with.*Give every instance the same MFA_ENCRYPTION_KEY/,
    );
  });

  it('two instances with different keys starting at once on a new database: exactly one starts', async () => {
    const url = await freshDatabase();
    const results = await Promise.allSettled([instance(url, keyA), instance(url, keyB)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')?.reason).toBeInstanceOf(StartupError);
  });

  it('a database from before the check refuses a key that opens none of its sealed secrets', async () => {
    const url = await freshDatabase();
    const before = await instance(url, keyA);
    const user = await createUser(before.db);
    const cookie = await sessionCookie(before, user.id);
    expect((await before.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers: { cookie } })).statusCode).toBe(200);
    // As an older version leaves it: the secret sealed, no check value recorded.
    await before.db.execute(`delete from app_secrets where name = 'mfa-key-check'`);
    const [row] = await before.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row!.secret).toMatch(/^v1:/);

    await expect(instance(url, keyB)).rejects.toThrow(/opens none of the two-step verification secrets already in the database/);
    await expect(instance(url, keyA)).resolves.toBeDefined();
  });
});

describe('the setup link with several instances (issue 28, defect 5)', () => {
  it('instances starting together print one link between them, and it works through each', async () => {
    const url = await freshDatabase();
    const [first, second] = [await instance(url, keyA), await instance(url, keyA)];
    const links = await Promise.all([first.auth.issueSetupLinkAtStart(), second.auth.issueSetupLinkAtStart()]);
    const printed = links.flatMap((l) => (l && 'token' in l ? [l.token] : []));
    expect(printed).toHaveLength(1);
    expect(links.filter((l) => l && 'issuedElsewhereAt' in l)).toHaveLength(1);
    for (const app of [first, second]) {
      const res = await app.inject({ method: 'GET', url: `/api/setup/${printed[0]}` });
      expect(res.json()).toEqual({ valid: true });
    }
  });
});

describe('a lost key', () => {
  it('`npm run users -- forget-mfa-key` lets the next start record a new key', { timeout: 120_000 }, async () => {
    const url = await freshDatabase();
    await instance(url, keyA);
    await expect(instance(url, keyB)).rejects.toThrow(/npm run users -- forget-mfa-key/);
    const cli = spawn(process.execPath, [await compiled('server/cli/users.ts'), 'forget-mfa-key'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cli.stdout.on('data', (d) => (output += d));
    cli.stderr.on('data', (d) => (output += d));
    const code = await new Promise((resolve) => cli.on('exit', resolve));
    expect(output).toContain('The two-step verification key is forgotten');
    expect(code).toBe(0);
    await expect(instance(url, keyB)).resolves.toBeDefined();
    await expect(instance(url, keyA)).rejects.toThrow(StartupError);
  });
});

describe('the key file with the embedded database (issue 28, defect 3)', () => {
  const filesUnder = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });

  it('lives outside DATA_DIR, so a copy of the data folder carries no key', () => {
    const dataDir = path.join(tmp, 'new', 'data');
    const keyFile = path.join(tmp, 'new', 'secrets', 'mfa-encryption.key');
    const { key, source } = loadSecretKey({ DATA_DIR: dataDir, MFA_ENCRYPTION_KEY_FILE: keyFile });
    expect(source).toContain(keyFile);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(key.toString('base64'));
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    const encoded = key.toString('base64');
    for (const file of existsSync(dataDir) ? filesUnder(dataDir) : []) expect(readFileSync(file, 'utf8')).not.toContain(encoded);
    // The same key at the next start.
    expect(loadSecretKey({ DATA_DIR: dataDir, MFA_ENCRYPTION_KEY_FILE: keyFile }).key.equals(key)).toBe(true);
  });

  it('moves the key an earlier version left in DATA_DIR out of it, once', () => {
    const dataDir = path.join(tmp, 'upgraded', 'data');
    const keyFile = path.join(tmp, 'upgraded', 'secrets', 'mfa-encryption.key');
    const oldFile = path.join(dataDir, 'mfa-encryption.key');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(oldFile, keyA, { mode: 0o600 });
    expect(loadSecretKey({ DATA_DIR: dataDir, MFA_ENCRYPTION_KEY_FILE: keyFile }).key.toString('base64')).toBe(keyA);
    expect(existsSync(oldFile)).toBe(false);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(keyA);
    expect(loadSecretKey({ DATA_DIR: dataDir, MFA_ENCRYPTION_KEY_FILE: keyFile }).key.toString('base64')).toBe(keyA);

    // Two different keys: neither is chosen silently.
    writeFileSync(oldFile, keyB, { mode: 0o600 });
    expect(() => loadSecretKey({ DATA_DIR: dataDir, MFA_ENCRYPTION_KEY_FILE: keyFile })).toThrow(
      /Two different two-step verification keys/,
    );
    expect(readFileSync(oldFile, 'utf8')).toBe(keyB);
  });
});

describe('migrations from several instances at once (issue 28, defect 2)', () => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

  /** A new, empty database (not the migrated template). */
  async function emptyDatabase() {
    const name = `t_migrate_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    drops.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    return adminUrl.replace(/\/app$/, `/${name}`);
  }

  /** The committed migrations up to and including the `count` first, in a folder of their own (as an older release shipped them). */
  function firstMigrations(count: number): string {
    const folder = mkdtempSync(path.join(tmp, 'migrations-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
    return folder;
  }

  /** `count` instances starting at the same moment, each with its own pool as main.ts makes it. */
  async function migrateAtOnce(url: string, count: number) {
    const pools = Array.from({ length: count }, () => createDb(url, 2));
    try {
      return await Promise.allSettled(pools.map(({ db }) => runMigrations(db)));
    } finally {
      await Promise.all(pools.map(({ pool }) => pool.end()));
    }
  }

  async function appliedMigrations(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const isLive = await client.query(
        `select 1 from information_schema.columns where table_name = 'lessons' and column_name = 'is_live'`,
      );
      return { count: applied.rows[0]!.n, hasIsLive: isLive.rowCount === 1 };
    } finally {
      await client.end();
    }
  }

  const failures = (results: PromiseSettledResult<void>[]) => results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));

  it('on an empty database every instance starts and each migration is applied once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const url = await emptyDatabase();
      expect(failures(await migrateAtOnce(url, 4))).toEqual([]);
      expect(await appliedMigrations(url)).toEqual({ count: journal.entries.length, hasIsLive: true });
    }
  });

  it('on a database an older release made (before lessons.is_live) every instance starts', { timeout: 120_000 }, async () => {
    const before = journal.entries.findIndex((e) => e.tag === '0009_lessons-is-live');
    expect(before).toBeGreaterThan(0);
    for (let round = 0; round < 3; round++) {
      const url = await emptyDatabase();
      const older = createDb(url, 2);
      await migrate(older.db, { migrationsFolder: firstMigrations(before) });
      await older.pool.end();
      expect(await appliedMigrations(url)).toEqual({ count: before, hasIsLive: false });

      expect(failures(await migrateAtOnce(url, 4))).toEqual([]);
      expect(await appliedMigrations(url)).toEqual({ count: journal.entries.length, hasIsLive: true });
    }
  });
});
