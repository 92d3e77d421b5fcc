/** What the benchmark reads about running processes from /proc (Linux): CPU time and memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The machine a benchmark ran on and how busy it was, for the first line of its report: "2 x CPU, Node v24…, load average 1.0 0.8 0.5". */
export function machine(): string {
  const cpu = os.cpus();
  return `${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}

// Linux reports process times in clock ticks; 100 per second on every mainstream kernel build.
const TICKS_PER_SECOND = 100;

function stat(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields after it are space-separated.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU milliseconds a process has used (its threads included). */
export function cpuMs(pid: number): number {
  const f = stat(pid);
  // After the name: state(0) ppid(1) ... utime(11) stime(12).
  return f ? ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_SECOND : 0;
}

/** CPU milliseconds of a PostgreSQL server: its postmaster and every backend and helper it started. */
export function postgresCpuMs(pgDir: string): number {
  const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMs(postmaster);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = stat(Number(name));
    if (f && Number(f[1]) === postmaster) total += cpuMs(Number(name));
  }
  return total;
}

/** Resident memory of a process in MB (10^6 bytes). */
export function rssMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return (Number(line?.match(/\d+/)?.[0] ?? 0) * 1024) / 1e6;
}

/**
 * The same two-step key for every app a benchmark starts, in its own process or in this one
 * (required with DATABASE_URL, docs/decisions/066; the database remembers the first one).
 */
export const BENCH_MFA_KEY = Buffer.alloc(32, 7).toString('base64');

/** Starts the app as `npm start` does (scripts/start.mjs), with its output discarded unless asked for. */
export function startApp(env: Record<string, string>, showOutput = false): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, MFA_ENCRYPTION_KEY: BENCH_MFA_KEY, ...env },
    stdio: ['ignore', showOutput ? 'inherit' : 'ignore', 'inherit'],
  });
}

/**
 * Starts the API alone (bench/api-server.ts: no client build needed) in its own process, so a load
 * generator in this one does not share its CPU; its output is discarded. Wait for it with waitReady.
 */
export function startApiServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/api-server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), MFA_ENCRYPTION_KEY: BENCH_MFA_KEY },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls GET /api/ready until it answers 200; rejects after `timeoutMs` or when the process exits. */
export async function waitReady(port: number, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the app was not ready after ${timeoutMs / 1000} s`);
}

/** SIGTERM, then waits for the process to finish its clean shutdown. */
export async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
