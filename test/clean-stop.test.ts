import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { isProcessAlive } from '#server/db/embedded.ts';

import { compiled } from './compiled.ts';
import { freePort } from './postgres.ts';

/**
 * Stopping the real server (compiled server/main.ts with its embedded PostgreSQL) while requests are
 * in flight and keep-alive connections are open, as an operator does: SIGTERM to the process, Ctrl-C
 * in a terminal (SIGINT to the whole process group), and SIGTERM to the whole group (issue 28, defect 4).
 * The requests are held inside the database (a lock the test takes), so they are truly in flight
 * when the signal comes, and the test releases them after it.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-clean-stop-'));
chmodSync(dataDir, 0o755); // the postgres system user (when running as root) must reach it
const pgDir = path.join(dataDir, 'pg');
const children: ChildProcess[] = [];
/** Whatever a failed test left running: the server and its PostgreSQL. */
function killLeftovers() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  const pid = postmasterPid();
  if (pid > 0 && isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
}
afterEach(killLeftovers);
afterAll(() => {
  killLeftovers();
  rmSync(dataDir, { recursive: true, force: true });
});

function postmasterPid(): number {
  try {
    return Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return 0;
  }
}

/** The server in a process group of its own (as a shell or systemd starts it); resolves once it prints its address. */
async function startServer() {
  const port = await freePort();
  const pgPort = await freePort();
  const child = spawn(process.execPath, [await compiled('server/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: '',
      MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      // Each request tells another client address, so the sign-in rate limit (10 a minute) never answers 429.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('running at')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(() => reject(new Error(`the server exited before it started:\n${output}`)));
  });
  return { child, port, pgUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/app`, exited, output: () => output };
}

let clientNumber = 0;
/** A GET through `agent` (keep-alive); status and body. */
function get(agent: http.Agent, port: number, url: string): Promise<{ status: number; body: string }> {
  clientNumber++;
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: url, agent, headers: { 'x-forwarded-for': `198.51.100.${clientNumber % 250}` } },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
  });
}

const IN_FLIGHT = 5;

async function stopWithRequestsInFlight(signal: (pid: number) => void) {
  const server = await startServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 1 });
  // A keep-alive connection left idle, as a browser or a load balancer keeps them.
  expect((await get(agent, server.port, '/api/health')).status).toBe(200);
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);

  // Every check of a setup link reads setup_tokens: holding that table makes the requests wait inside the database.
  const holder = new pg.Client({ connectionString: server.pgUrl });
  holder.on('error', () => {});
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table setup_tokens in access exclusive mode');
  const inFlight = Array.from({ length: IN_FLIGHT }, () => get(agent, server.port, `/api/setup/${'x'.repeat(43)}`));
  let settled = 0;
  for (const r of inFlight) void r.finally(() => settled++);
  // Another connection: within the holder's transaction pg_stat_activity would stay as first read.
  const watcher = new pg.Client({ connectionString: server.pgUrl });
  watcher.on('error', () => {});
  await watcher.connect();
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%setup_tokens%'`,
    );
    if (rows[0]!.n === IN_FLIGHT) break;
    if (settled > 0)
      throw new Error(
        `a request was answered while the table was held: ${JSON.stringify(await Promise.all(inFlight))}\n${server.output()}`,
      );
  }
  await watcher.end();
  const postgresPid = postmasterPid();
  expect(isProcessAlive(postgresPid)).toBe(true);

  signal(server.child.pid!);
  // Once the stop has begun (the server says so; a busy machine may take a while to deliver the
  // signal), it waits for the requests: the server has not exited while they are held.
  await new Promise<void>((resolve) => {
    const onData = () => {
      if (!/received, shutting down/.test(server.output())) return;
      server.child.stdout!.off('data', onData);
      resolve();
    };
    server.child.stdout!.on('data', onData);
    void server.exited.then(() => resolve());
    onData();
  });
  await expect(Promise.race([server.exited.then(() => 'exited'), new Promise((r) => setTimeout(r, 300, 'waiting'))])).resolves.toBe(
    'waiting',
  );
  await holder.query('commit');
  const answers = await Promise.all(inFlight);
  await holder.end().catch(() => {});

  expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
  for (const a of answers) expect(JSON.parse(a.body)).toEqual({ valid: false });
  const exit = await server.exited;
  agent.destroy();
  expect(exit, server.output()).toEqual({ code: 0, signal: null });
  // The database stopped last and cleanly: no server left, no pid file, the data folder free.
  expect(isProcessAlive(postgresPid)).toBe(false);
  expect(existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
  expect(existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  expect(server.output()).not.toMatch(/57P01|terminating connection|Unhandled|uncaught|\n\s+at /i);
}

describe('clean stops with requests in flight (issue 28, defect 4)', () => {
  it('SIGTERM: in-flight requests answered, idle keep-alive connections closed, exit code 0', { timeout: 120_000 }, async () => {
    await stopWithRequestsInFlight((pid) => process.kill(pid, 'SIGTERM'));
  });

  it('Ctrl-C in a terminal (SIGINT to the process group) does not reach the database', { timeout: 120_000 }, async () => {
    await stopWithRequestsInFlight((pid) => process.kill(-pid, 'SIGINT'));
  });

  it('SIGTERM to the process group', { timeout: 120_000 }, async () => {
    await stopWithRequestsInFlight((pid) => process.kill(-pid, 'SIGTERM'));
  });

  it("systemd's default stop: SIGTERM to every process of the service, the database included", { timeout: 120_000 }, async () => {
    await stopWithRequestsInFlight((pid) => {
      process.kill(-pid, 'SIGTERM');
      process.kill(postmasterPid(), 'SIGTERM');
    });
  });
});
