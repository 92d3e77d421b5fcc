import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';

import { createDb } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedContent } from '#server/db/seed/index.ts';

/** True when nothing listens on `port` of 127.0.0.1 (a listener opened and closed at once). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** The lowest port of the kernel's ephemeral range, where the local ends of outgoing connections come from. */
const EPHEMERAL_LOW = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
})();

/**
 * A port nothing listens on, for a server the test starts a moment later. Taken below the kernel's
 * ephemeral range: a port the kernel hands out there, once closed, can become the local end of any
 * connection the busy machine opens before the server binds it (a test's instance was refused with
 * EADDRINUSE under load, issue 30). A random one, so test processes choosing at once seldom meet,
 * and checked free.
 */
export async function freePort(): Promise<number> {
  // Above 10080, the highest port Chromium refuses to open (ERR_UNSAFE_PORT) for the browser tests.
  const low = 10_100;
  const high = EPHEMERAL_LOW;
  for (let i = 0; high - low > 1_000 && i < 50; i++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/**
 * A throwaway PostgreSQL for a test run: its own port and data folder, and a migrated
 * template database that each test file clones (CREATE DATABASE ... TEMPLATE), so files never share state.
 */
export async function startTestPostgres(prepareTemplate?: (url: string) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-test-pg-'));
  // The postgres system user (used when running as root) must be able to reach the folder.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    // Thrown away after the run, so nothing is flushed to disk for safety (a test never survives a
    // crash of this server): commits stop waiting for the disk (docs/decisions/027).
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const templateUrl = server.url.replace(/\/app$/, '/app_template');
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database app_template');
  await admin.end();
  const { db, pool } = createDb(templateUrl, 1);
  await runMigrations(db);
  await pool.end();
  await prepareTemplate?.(templateUrl);
  return {
    /** Connection string of the server's default database, used to create and drop test databases. */
    adminUrl: server.url,
    templateUrl,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The template as a started app leaves its database: the seeded course content, and pg-boss's own
 * schema (which every app would otherwise create at start, a second or so of PostgreSQL work per
 * test file). Pass it to `startTestPostgres`.
 */
export async function seedAppTemplate(templateUrl: string) {
  const { db, pool } = createDb(templateUrl, 1);
  await seedContent(db);
  await pool.end();
  const boss = new PgBoss({ connectionString: templateUrl, max: 1, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

/** Creates a fresh database cloned from the migrated template and returns its URL and a drop function. */
export async function cloneTemplateDatabase(adminUrl: string) {
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // FILE_COPY copies the template's files instead of writing every block through the WAL (PostgreSQL's
  // default since 15): about 100 instead of 300 ms of server work per clone here (docs/decisions/071).
  await admin.query(`create database ${name} template app_template strategy file_copy`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/app$/, `/${name}`),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
