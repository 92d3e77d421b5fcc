/**
 * `npm run bench:auth-flood`: what a sign-in flood does to everyone else (issue 10, defect 5).
 *
 * The real server (production scrypt cost, N=2^17) listens on loopback with its own PostgreSQL and
 * a small client folder. For each phase it sends FLOOD_RATE sign-ins a second with a wrong password
 * (the per-client rate limit is raised, as if they came from rotating addresses) for BENCH_SECONDS,
 * and meanwhile fetches a static file (`/robots.txt`, served from memory) every 100 ms, one at a
 * time. It prints that file's latency (p50, p95, max), the sign-ins' answers (401 checked, 503 refused at
 * once) and the process's peak resident memory:
 *
 *   - no flood (the floor);
 *   - flood without the bound (every hash queued on libuv's thread pool, as before the fix);
 *   - flood with the bound (server/lib/hash-limiter.ts: defaults for this machine).
 *
 * Asserts nothing; the machine's load moves every figure (it prints the load average).
 *
 *   FLOOD_RATE=7 BENCH_SECONDS=20 npm run bench:auth-flood
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { defaultHashLimits, type HashLimits } from '#server/lib/hash-limiter.ts';
import { hashLimiter, hashPassword, setHashLimits } from '#server/lib/password.ts';
import { cloneTemplateDatabase, freePort, startTestPostgres } from '#test/postgres.ts';

import { machine } from './processes.ts';

const RATE = Number(process.env.FLOOD_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const EMAIL = 'flood-target@example.org';

interface Phase {
  name: string;
  limits: HashLimits | null;
  isFlooding: boolean;
}

interface PhaseFigures {
  name: string;
  p50: number;
  p95: number;
  max: number;
  samples: number;
  signIns: Record<string, number>;
  peakRssMB: number;
  drainSeconds: number;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runPhase(base: string, phase: Phase): Promise<PhaseFigures> {
  setHashLimits(phase.limits ?? { concurrency: Number.POSITIVE_INFINITY, queue: 0 });
  const latencies: number[] = [];
  const signIns: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  let peakRss = process.memoryUsage().rss;
  const end = Date.now() + SECONDS * 1000;

  const flood = async () => {
    if (!phase.isFlooding) return;
    const interval = 1000 / RATE;
    for (let next = Date.now(); next < end; next += interval) {
      await sleep(Math.max(0, next - Date.now()));
      pending.push(
        fetch(`${base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: EMAIL, password: 'not the password at all' }),
        })
          .then(async (r) => {
            await r.arrayBuffer();
            signIns[r.status] = (signIns[r.status] ?? 0) + 1;
          })
          .catch(() => {
            signIns.error = (signIns.error ?? 0) + 1;
          }),
      );
    }
  };
  const probe = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      const r = await fetch(`${base}/robots.txt`);
      await r.arrayBuffer();
      latencies.push(performance.now() - started);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await sleep(100);
    }
  };
  await Promise.all([flood(), probe()]);
  const drainStarted = performance.now();
  const memory = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  await Promise.all(pending);
  clearInterval(memory);
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  return {
    name: phase.name,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    max: Math.max(...latencies),
    samples: latencies.length,
    signIns,
    peakRssMB: peakRss / 1e6,
    drainSeconds,
  };
}

async function main() {
  const limits = defaultHashLimits();
  console.log(`npm run bench:auth-flood: ${machine()}`);
  console.log(
    `${RATE} sign-ins/s for ${SECONDS} s per phase; bound on this machine: ${limits.concurrency} hash(es) at once, ${limits.queue} waiting\n`,
  );

  const pg = await startTestPostgres();
  const database = await cloneTemplateDatabase(pg.adminUrl);
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'god-flood-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>bench</title>');
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const { db, pool } = createDb(database.url, 1);
  await db
    .insert(users)
    .values({ email: EMAIL, firstName: 'Flood', lastName: 'Target', passwordHash: await hashPassword('the real passphrase') });
  await pool.end();

  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'warn' }),
    databaseUrl: database.url,
    clientDir,
    rateLimits: { auth: 1_000_000, forms: 1_000_000 },
    jobs: { isRunningWorkers: false },
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const figures: PhaseFigures[] = [];
    for (const phase of [
      { name: 'no flood', limits: limits, isFlooding: false },
      { name: 'flood, no bound (before)', limits: null, isFlooding: true },
      { name: 'flood, bounded (after)', limits, isFlooding: true },
    ] satisfies Phase[]) {
      console.log(`  ${phase.name}...`);
      figures.push(await runPhase(base, phase));
      if (hashLimiter.stats.running > 0) await sleep(1000);
    }
    console.log('');
    console.log('  phase                       robots.txt p50   p95      max   samples  sign-ins (status: count)     drain   peak RSS');
    for (const f of figures) {
      const answers =
        Object.entries(f.signIns)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ') || '-';
      console.log(
        `  ${f.name.padEnd(27)} ${f.p50.toFixed(1).padStart(9)} ms ${f.p95.toFixed(0).padStart(6)} ms ${f.max.toFixed(0).padStart(6)} ms ${String(f.samples).padStart(6)}   ${answers.padEnd(28)} ${f.drainSeconds.toFixed(1).padStart(5)} s ${f.peakRssMB.toFixed(0).padStart(6)} MB`,
      );
    }
    console.log('\n  drain: time after the flood stops until every sign-in has its answer (the backlog).');
  } finally {
    await app.close();
    await database.drop();
    await pg.stop();
    rmSync(clientDir, { recursive: true, force: true });
  }
}

await main();
