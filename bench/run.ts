/**
 * `npm run bench`: every figure of the speed goals (issue 14) in one run, each with its goal.
 *
 *   1. cold start of `npm start` on an existing data folder, and idle memory;
 *   2. throughput of every hot route against /api/health and /api/ready, interleaved, at 16 and
 *      64 connections, with server CPU, PostgreSQL CPU and pg_stat_statements per request;
 *   3. the admin console and the 10,000-person tree at 100,000 users, and the CSV export.
 *
 * Starts its own PostgreSQL (pg_stat_statements loaded) on a free port and throws it away after.
 * Asserts nothing: it prints figures; compare runs on the same machine with its load in mind.
 *
 *   BENCH_SECONDS=5 npm run bench     longer throughput samples (default 2 s)
 *   ITERATIONS=50 npm run bench       more admin requests per row (default 30)
 *   BENCH_SECTIONS=2 npm run bench    only the throughput section (2,3: throughput and admin; no client benchmarks)
 *   BENCH_ROUTES=admin npm run bench  only the routes whose label holds the text (with health and ready)
 *   BENCH_STATEMENTS=1 npm run bench  each route's statements from pg_stat_statements, per request
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { createDb } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { freePort } from '#test/postgres.ts';

import { runAdmin } from './admin.ts';
import { machine, root } from './processes.ts';
import { seedBench } from './seed-100k.ts';
import { runStartup } from './startup.ts';
import { runThroughput, SECONDS, type RouteFigures } from './throughput.ts';

const log = (line: string) => console.log(`  ${line}`);
const fmt = (n: number, digits = 2) => n.toFixed(digits);
const pad = (s: string, n: number) => s.padEnd(n);
const num = (s: string, n: number) => s.padStart(n);

interface Goal {
  what: string;
  figure: string;
  goal: string;
  /** null: not measured (its section failed). */
  met: boolean | null;
}

/** What a section measured, or why it measured nothing (the run goes on with the next section). */
type Section<T> = { ok: true; value: T } | { ok: false; reason: string };

/** BENCH_SECTIONS=2,3: only those sections (and no client benchmarks); all of them by default. */
const ONLY = process.env.BENCH_SECTIONS?.split(',').map((s) => s.trim());

async function section<T>(title: string, work: () => Promise<T>): Promise<Section<T>> {
  console.log(`\n${title}`);
  if (ONLY && !ONLY.includes(title.split('.')[0]!)) {
    console.log('  skipped (BENCH_SECTIONS)');
    return { ok: false, reason: 'skipped (BENCH_SECTIONS)' };
  }
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    console.log(`  NOT MEASURED: ${reason}`);
    process.exitCode = 1;
    return { ok: false, reason };
  }
}

async function main() {
  const started = performance.now();
  console.log(`npm run bench: ${machine()}`);

  const startup = await section('1. Cold start and idle memory', async () => {
    const s = await runStartup(log);
    log(
      `Cold start to /api/ready on the existing data folder: ${fmt(s.coldStartMs / 1000)} s; idle server RSS ${fmt(s.idleRss, 0)} MB (${fmt(s.afterStartRss, 0)} MB 3 s after the start).`,
    );
    return s;
  });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-bench-pg-'));
  chmodSync(dataDir, 0o755);
  // PostgreSQL's own last lines, shown if a section fails (a shutdown, a crash).
  const pgLog: string[] = [];
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    onLog: (text) => {
      pgLog.push(...text.trimEnd().split('\n'));
      pgLog.splice(0, Math.max(0, pgLog.length - 20));
    },
    settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' },
  });
  let tp: Section<Awaited<ReturnType<typeof runThroughput>>>;
  let adm: Section<Awaited<ReturnType<typeof runAdmin>>>;
  try {
    tp = await section('2. Throughput', async () => {
      const r = await runThroughput(server.url, server.pgDir, log);
      printThroughput(r.figures, r);
      return r;
    });

    adm = await section('3. Admin console at 100,000 users', async () => {
      const admin = new pg.Client({ connectionString: server.url });
      admin.on('error', () => {}); // a closed connection fails its next query instead
      await admin.connect();
      await admin.query('create database admin_bench');
      await admin.end();
      const adminUrl = server.url.replace(/\/app$/, '/admin_bench');
      const seed = createDb(adminUrl, 2);
      await runMigrations(seed.db);
      const report = await seedBench(seed.db);
      await seed.pool.end();
      log(
        `Seeded in ${fmt(report.seconds, 1)} s: ${report.users} users, ${report.passedAttempts} passed + ${report.failedAttempts} failed attempts, ${report.treeSize} in the big tree.`,
      );
      const r = await runAdmin(adminUrl, log);
      printAdmin(r);
      return r;
    });
    if ((!tp.ok || !adm.ok) && pgLog.length)
      console.log(`\nThe benchmark's PostgreSQL said last:\n${pgLog.map((l) => `    ${l}`).join('\n')}`);

    printGoals(goalsOf(tp, adm, startup));
    console.log(`\nWhole run: ${fmt((performance.now() - started) / 1000, 0)} s.`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The client's own benchmarks (bundle weight, Lighthouse) live beside this one.
  for (const file of ONLY ? [] : clientBenches()) {
    console.log(`\n--- ${file} ---`);
    // Lighthouse's figures are the median of three runs here, unless LIGHTHOUSE_RUNS says otherwise.
    const env = { ...process.env, LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? '3' };
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench', file)], { stdio: 'inherit', cwd: root, env });
    if (r.status !== 0) process.exitCode = r.status ?? 1;
  }
}

/** Any other bench/*-bench.ts (e.g. the client's weight and Lighthouse figures). */
function clientBenches(): string[] {
  return readdirSync(path.join(root, 'bench'))
    .filter((f) => f.endsWith('-bench.ts'))
    .sort();
}

function printThroughput(figures: RouteFigures[], tp: Awaited<ReturnType<typeof runThroughput>>) {
  console.log(
    `\nThroughput (${SECONDS} s per sample; ratios against the health and ready samples taken just before and after each route)\n`,
  );
  console.log(
    `${pad('route', 38)} ${num('req/s16', 8)} ${num('/health', 8)} ${num('/ready', 7)} ${num('p50', 6)} ${num('p99', 6)} ${num('req/s64', 8)} ${num('64/16', 6)} ${num('p99@64', 7)} ${num('node ms', 8)} ${num('pg ms', 6)} ${num('stmts', 6)} ${num('stmt ms', 8)}`,
  );
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const hs = tp.healthSamples;
  const rs = tp.readySamples;
  const line = (
    label: string,
    rps: number,
    h: number,
    r: number,
    p50: number,
    p99: number,
    rps64: number,
    p99h: number,
    node: number,
    pgc: number,
    st: string,
    stMs: string,
  ) =>
    console.log(
      `${pad(label, 38)} ${num(fmt(rps, 0), 8)} ${num(fmt(rps / h), 8)} ${num(fmt(rps / r), 7)} ${num(fmt(p50, 1), 6)} ${num(fmt(p99, 1), 6)} ${num(fmt(rps64, 0), 8)} ${num(fmt(rps64 / rps), 6)} ${num(fmt(p99h, 1), 7)} ${num(fmt(node, 3), 8)} ${num(fmt(pgc, 3), 6)} ${num(st, 6)} ${num(stMs, 8)}`,
    );
  const avg = (xs: typeof hs, f: (s: (typeof hs)[number]) => number) => mean(xs.map(f));
  const perRequest = (xs: typeof hs, f: (s: (typeof hs)[number]) => number) =>
    xs.reduce((t, s) => t + f(s), 0) /
    Math.max(
      1,
      xs.reduce((t, s) => t + s.requests, 0),
    );
  const hRps = avg(hs, (s) => s.rps);
  const rRps = avg(rs, (s) => s.rps);
  line(
    'GET /api/health (all samples)',
    hRps,
    hRps,
    rRps,
    avg(hs, (s) => s.p50),
    avg(hs, (s) => s.p99),
    tp.healthHigh.rps,
    tp.healthHigh.p99,
    perRequest(hs, (s) => s.nodeCpuTotal),
    perRequest(hs, (s) => s.pgCpuTotal),
    '',
    '',
  );
  line(
    'GET /api/ready (all samples)',
    rRps,
    hRps,
    rRps,
    avg(rs, (s) => s.p50),
    avg(rs, (s) => s.p99),
    tp.readyHigh.rps,
    tp.readyHigh.p99,
    perRequest(rs, (s) => s.nodeCpuTotal),
    perRequest(rs, (s) => s.pgCpuTotal),
    '',
    '',
  );
  for (const f of figures) {
    line(
      f.scenario.label,
      f.low.rps,
      f.health,
      f.ready,
      f.low.p50,
      f.low.p99,
      f.high.rps,
      f.high.p99,
      f.low.nodeCpuMs,
      f.low.pgCpuMs,
      fmt(f.statements, 2),
      fmt(f.statementMs, 3),
    );
    if (f.low.non2xx + f.high.non2xx > 0) console.log(`${' '.repeat(4)}(${f.low.non2xx + f.high.non2xx} answers were not 2xx)`);
  }
  console.log(
    '\nnode ms / pg ms: CPU per request of the server process and of every PostgreSQL process (from /proc, 10 ms ticks); ' +
      'stmts / stmt ms: statements per request and their execution + planning time, from pg_stat_statements.',
  );
}

function printAdmin(adm: Awaited<ReturnType<typeof runAdmin>>) {
  console.log(`\nAdmin console at ${adm.total} users (app.inject, milliseconds)\n`);
  console.log(`${pad('request', 58)} ${num('median', 8)} ${num('p95', 8)}  result`);
  for (const r of adm.rows) console.log(`${pad(r.label, 58)} ${num(fmt(r.median, 1), 8)} ${num(fmt(r.p95, 1), 8)}  ${r.summary}`);
  console.log(`\nCSV export of the whole directory: ${fmt(adm.csvSeconds)} s, ${adm.csvRows} rows, ${fmt(adm.csvMiB, 1)} MiB`);
  const { saturated: sat, steady } = adm.load;
  console.log('\nDirectory first page, 64 admins at once (the server as `npm start` runs it, over HTTP; milliseconds)\n');
  console.log(`${pad('load', 58)} ${num('req/s', 8)} ${num('p50', 8)} ${num('p97.5', 8)} ${num('p99', 8)} ${num('non-2xx', 8)}`);
  const loadLine = (label: string, x: typeof sat) =>
    console.log(
      `${pad(label, 58)} ${num(fmt(x.rps, 0), 8)} ${num(fmt(x.p50, 1), 8)} ${num(fmt(x.p97_5, 1), 8)} ${num(fmt(x.p99, 1), 8)} ${num(String(x.non2xx), 8)}`,
    );
  loadLine(`steady: each admin a page a second (${steady.rate}/s in all)`, steady);
  loadLine('closed loop: next request as soon as the answer comes', sat);
}

function goalsOf(
  tpSection: Section<Awaited<ReturnType<typeof runThroughput>>>,
  admSection: Section<Awaited<ReturnType<typeof runAdmin>>>,
  startupSection: Section<Awaited<ReturnType<typeof runStartup>>>,
): Goal[] {
  const goals: Goal[] = [];
  // A section that failed says why under its title; its goals are listed as not measured.
  const missing = (what: string) => goals.push({ what, figure: 'not measured', goal: '(reason above)', met: null });
  if (tpSection.ok) throughputGoals(goals, tpSection.value);
  else missing('route ratios, p99, PostgreSQL per read, robots.txt (section 2)');
  if (admSection.ok) adminGoals(goals, admSection.value);
  else missing('10,000-person tree, directory p95, CSV export (section 3)');
  if (startupSection.ok) {
    const startup = startupSection.value;
    goals.push({
      what: 'cold start to /api/ready (existing data folder)',
      figure: `${fmt(startup.coldStartMs / 1000)} s`,
      goal: '<= 3 s',
      met: startup.coldStartMs <= 3000,
    });
    goals.push({
      what: 'idle server RSS (after 30 quiet s)',
      figure: `${fmt(startup.idleRss, 0)} MB`,
      goal: '<= 150 MB',
      met: startup.idleRss <= 150,
    });
  } else missing('cold start and idle memory (section 1)');
  if (tpSection.ok) {
    const { visitor } = tpSection.value;
    goals.push({
      what: "a visitor's GET /api/auth/user",
      figure: visitor.currentUser,
      goal: '200, no console error',
      met: visitor.currentUserOk,
    });
    goals.push({ what: 'GET /robots.txt', figure: visitor.robots, goal: '200 text/plain', met: visitor.robotsOk });
  }
  return goals;
}

function throughputGoals(goals: Goal[], tp: Awaited<ReturnType<typeof runThroughput>>) {
  const { figures } = tp;
  const worst = <T>(xs: T[], f: (x: T) => number) => xs.reduce((w, x) => (f(x) < f(w) ? x : w));
  const reads = figures.filter((f) => f.scenario.kind === 'read' || f.scenario.kind === 'session');
  const writes = figures.filter((f) => f.scenario.kind === 'write');
  const statics = figures.filter((f) => f.scenario.kind === 'static');
  const session = figures.find((f) => f.scenario.kind === 'session');
  const lesson = figures.find((f) => f.scenario.label === 'GET /api/lessons/:id');
  const name = (f: RouteFigures) => f.scenario.label.replace(/^GET |^POST /, '');

  for (const f of reads)
    goals.push({ what: `${name(f)} vs ready`, figure: `${fmt(f.low.rps / f.ready)}x`, goal: '>= 0.5x', met: f.low.rps / f.ready >= 0.5 });
  for (const f of reads)
    goals.push({
      what: `${name(f)} vs health`,
      figure: `${fmt(f.low.rps / f.health)}x`,
      goal: f === session ? '>= 0.6x' : '>= 0.3x',
      met: f.low.rps / f.health >= (f === session ? 0.6 : 0.3),
    });
  for (const f of writes)
    goals.push({ what: `${name(f)} vs ready`, figure: `${fmt(f.low.rps / f.ready)}x`, goal: '>= 0.15x', met: f.low.rps / f.ready >= 0.15 });
  for (const f of statics)
    goals.push({
      what: `${name(f)} vs health`,
      figure: `${fmt(f.low.rps / f.health)}x`,
      goal: '>= 0.8x',
      met: f.low.rps / f.health >= 0.8,
    });
  const all = [
    ...figures.map((f) => ({ label: name(f), p99: f.high.p99 })),
    { label: '/api/health', p99: tp.healthHigh.p99 },
    { label: '/api/ready', p99: tp.readyHigh.p99 },
  ];
  const slowest = all.reduce((w, x) => (x.p99 > w.p99 ? x : w));
  goals.push({
    what: `p99 at 64 connections (worst: ${slowest.label})`,
    figure: `${fmt(slowest.p99, 1)} ms`,
    goal: '<= 50 ms',
    met: slowest.p99 <= 50,
  });
  const scaling = worst(figures, (f) => f.high.rps / f.low.rps);
  goals.push({
    what: `req/s at 64 vs 16 connections (worst: ${name(scaling)})`,
    figure: `${fmt(scaling.high.rps / scaling.low.rps)}x`,
    goal: '>= 1x (0.95 for noise)',
    met: scaling.high.rps / scaling.low.rps >= 0.95,
  });
  if (lesson) {
    goals.push({
      what: 'PostgreSQL time per lesson read (pg_stat_statements)',
      figure: `${fmt(lesson.statementMs, 3)} ms`,
      goal: '<= 0.3 ms',
      met: lesson.statementMs <= 0.3,
    });
    goals.push({
      what: 'PostgreSQL CPU per lesson read (/proc, all backends)',
      figure: `${fmt(lesson.low.pgCpuMs, 3)} ms`,
      goal: '(context)',
      met: true,
    });
  }
  if (reads.length) {
    const most = reads.reduce((w, x) => (x.statements > w.statements ? x : w));
    goals.push({
      what: `queries per signed-in read (most: ${name(most)})`,
      figure: fmt(most.statements),
      goal: '<= 1',
      met: most.statements <= 1.005,
    });
  }
}

function adminGoals(goals: Goal[], adm: Awaited<ReturnType<typeof runAdmin>>) {
  const tree = adm.rows.find((r) => r.key === 'tree')!;
  goals.push({ what: `${tree.label} (median)`, figure: `${fmt(tree.median, 0)} ms`, goal: '<= 100 ms', met: tree.median <= 100 });
  const directory = adm.rows.filter((r) => ['first', 'deep', 'last', 'search', 'filter'].includes(r.key));
  const worstDir = directory.reduce((w, x) => (x.p95 > w.p95 ? x : w));
  goals.push({
    what: `directory p95 at ${adm.total} users (worst: ${worstDir.label.replace(/^directory, /, '')})`,
    figure: `${fmt(worstDir.p95, 0)} ms`,
    goal: '<= 50 ms',
    met: worstDir.p95 <= 50,
  });
  const first = adm.rows.find((r) => r.key === 'first')!;
  const deep = adm.rows.find((r) => r.key === 'deep')!;
  goals.push({
    what: 'directory deep page vs first page (medians)',
    figure: `${fmt(deep.median / first.median)}x`,
    goal: '<= 1.5x',
    met: deep.median / first.median <= 1.5,
  });
  goals.push({ what: `CSV export of ${adm.csvRows} rows`, figure: `${fmt(adm.csvSeconds)} s`, goal: '<= 2 s', met: adm.csvSeconds <= 2 });
  // Issue 31: every Insights chart's request (its SQL aggregate, through the whole app) at 100,000 users.
  const insights = adm.rows.filter((r) => r.key === 'insights');
  const worstInsight = insights.reduce((w, x) => (x.median > w.median ? x : w));
  goals.push({
    what: `slowest Insights chart at ${adm.total} users (${worstInsight.label.replace(/^insights: /, '')}, median)`,
    figure: `${fmt(worstInsight.median, 0)} ms`,
    goal: '<= 100 ms',
    met: worstInsight.median <= 100,
  });
  goals.push({
    what: 'Insights nightly rebuild of the precomputed figures',
    figure: `${fmt(adm.insightsRefreshSeconds, 1)} s`,
    goal: '(context)',
    met: true,
  });
  // Issue 29: 64 admins reading the first page, each a page a second at their own moment (open loop).
  const { steady, saturated } = adm.load;
  goals.push({
    what: 'directory first page, 64 admins a page a second: p95',
    figure: `${fmt(steady.p95, 1)} ms`,
    goal: '<= 20 ms',
    met: steady.p95 <= 20 && steady.non2xx === 0,
  });
  goals.push({
    what: 'directory first page, 64 admins a page a second: p99',
    figure: `${fmt(steady.p99, 1)} ms`,
    goal: '<= 100 ms',
    met: steady.p99 <= 100 && steady.non2xx === 0,
  });
  goals.push({
    what: 'directory first page, 64 connections closed loop',
    figure: `${fmt(saturated.rps, 0)} req/s, p99 ${fmt(saturated.p99, 0)} ms`,
    goal: '(context)',
    met: saturated.non2xx === 0,
  });
}

function printGoals(goals: Goal[]) {
  console.log('\nGoals (issue 14)\n');
  console.log(`${pad('figure', 64)} ${num('measured', 24)} ${num('goal', 24)}  met`);
  for (const g of goals)
    console.log(`${pad(g.what, 64)} ${num(g.figure, 24)} ${num(g.goal, 24)}  ${g.met === null ? '-' : g.met ? 'yes' : 'NO'}`);
  const measured = goals.filter((g) => g.met !== null);
  const unmeasured = goals.length - measured.length;
  console.log(
    `\n${measured.filter((g) => g.met).length} of ${measured.length} measured goals met${unmeasured ? `; ${unmeasured} group(s) not measured (see the reason under the section)` : ''}.`,
  );
}

await main();
