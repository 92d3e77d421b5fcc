/**
 * Requests per second of every hot route of the running product (started as `npm start` starts
 * it, logging at `info`), side by side with GET /api/health (no database) and GET /api/ready (one
 * `select 1`: the one-round-trip floor), interleaved in one run: each route is measured right
 * after a health and a ready sample, so its ratios compare like with like on a shared machine.
 *
 * Each route is sampled at 16, 64, 16 and 64 connections (the p99 at 64, and whether it gets
 * slower there); the two samples of each are merged. With its first sample at 16 connections it
 * also reads the server's CPU (from /proc), PostgreSQL's CPU (every backend, from /proc) and
 * pg_stat_statements (statements and their time per request).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';

import { createDb } from '#server/db/client.ts';
import { assessmentAttempts, assessments, courses, lessons, users } from '#server/db/schema/index.ts';
import { loadCourseContent } from '#server/db/seed/course.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { freePort } from '#test/postgres.ts';

import { cpuMs, postgresCpuMs, root, startApp, stopApp, waitReady } from './processes.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
/** BENCH_ROUTES=text: only the routes whose label holds it (health and ready are always measured). */
const ONLY_ROUTES = process.env.BENCH_ROUTES;
/** BENCH_STATEMENTS=1: print each route's statements from pg_stat_statements (calls and time per request). */
const SHOW_STATEMENTS = Boolean(process.env.BENCH_STATEMENTS);
const LOW = 16;
const HIGH = 64;

export interface Scenario {
  label: string;
  kind: 'baseline' | 'read' | 'write' | 'session' | 'static';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** One session cookie per connection: each connection is a different signed-in person. */
  cookies?: string[];
  body?: string;
}

export interface Sample {
  rps: number;
  requests: number;
  non2xx: number;
  p50: number;
  p99: number;
  /** CPU per request (server process; every PostgreSQL process), from their totals over the sample. */
  nodeCpuMs: number;
  pgCpuMs: number;
  nodeCpuTotal: number;
  pgCpuTotal: number;
}

export interface RouteFigures {
  scenario: Scenario;
  low: Sample;
  high: Sample;
  /** Mean of the health and ready samples taken just before and just after this route. */
  health: number;
  ready: number;
  /** pg_stat_statements at 16 connections, per request. */
  statements: number;
  statementMs: number;
}

async function load(port: number, s: Scenario, connections: number, seconds: number, pgDir: string, serverPid: number): Promise<Sample> {
  let next = 0;
  const node0 = cpuMs(serverPid);
  const pg0 = postgresCpuMs(pgDir);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: s.method,
        path: s.path,
        headers: { ...s.headers, ...(s.body ? { 'content-type': 'application/json' } : {}) },
        body: s.body,
        setupRequest: (req, context: { cookie?: string }) => {
          if (!s.cookies) return req;
          context.cookie ??= s.cookies[next++ % s.cookies.length];
          return { ...req, headers: { ...req.headers, cookie: context.cookie! } };
        },
      },
    ],
  });
  const requests = result.requests.total;
  const nodeCpuTotal = cpuMs(serverPid) - node0;
  const pgCpuTotal = postgresCpuMs(pgDir) - pg0;
  return {
    nodeCpuTotal,
    pgCpuTotal,
    rps: requests / result.duration,
    requests,
    non2xx: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    nodeCpuMs: nodeCpuTotal / Math.max(1, requests),
    pgCpuMs: pgCpuTotal / Math.max(1, requests),
  };
}

/** Two samples of one route as one: mean throughput and median, the worse p99, CPU per request over both. */
function merge(a: Sample, b: Sample): Sample {
  const requests = a.requests + b.requests;
  const nodeCpuTotal = a.nodeCpuTotal + b.nodeCpuTotal;
  const pgCpuTotal = a.pgCpuTotal + b.pgCpuTotal;
  return {
    rps: (a.rps + b.rps) / 2,
    requests,
    non2xx: a.non2xx + b.non2xx,
    p50: (a.p50 + b.p50) / 2,
    p99: Math.max(a.p99, b.p99),
    nodeCpuTotal,
    pgCpuTotal,
    nodeCpuMs: nodeCpuTotal / Math.max(1, requests),
    pgCpuMs: pgCpuTotal / Math.max(1, requests),
  };
}

/** Fills the `speed` database through the running app's own start-up (migrations, content), then adds the people. */
async function prepare(adminUrl: string, pgDir: string, log: (line: string) => void) {
  const admin = new pg.Client({ connectionString: adminUrl });
  // A connection ended by the server (a shutdown, an administrator) must not end the benchmark with an
  // unhandled 'error' event: the next query on it fails instead, and that failure names the section.
  admin.on('error', (err) => log(`(the benchmark's PostgreSQL connection was closed: ${err.message})`));
  await admin.connect();
  await admin.query('create database speed');
  await admin.query('create extension if not exists pg_stat_statements');
  const databaseUrl = adminUrl.replace(/\/app$/, '/speed');
  const port = await freePort();
  log(`Starting the app (npm start) on the "speed" database, port ${port}...`);
  const child = startApp({ DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  try {
    await waitReady(port, child);
    return { admin, child, port, ...(await addPeople(databaseUrl, admin)) };
  } catch (err) {
    await stopApp(child);
    await admin.end().catch(() => {});
    throw err;
  }
}

async function addPeople(databaseUrl: string, admin: pg.Client) {
  const { db, pool } = createDb(databaseUrl, 2);
  const policy = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.kind, 'course')).limit(1);
  const weeks = await db
    .select({ lessonId: lessons.id, assessmentId: assessments.id })
    .from(lessons)
    .innerJoin(assessments, eq(assessments.lessonId, lessons.id))
    .orderBy(asc(lessons.weekNumber));
  const cookies: string[] = [];
  // Admins, so the directory can be read too; each mentors three disciples (a small tree) and has
  // a learner's history: weeks 1-3 passed at the second attempt.
  for (let i = 0; i < HIGH; i++) {
    const [user] = await db
      .insert(users)
      .values({
        email: `learner${i}@bench.example`,
        firstName: 'Bench',
        lastName: `Learner ${i}`,
        role: 'admin',
        onboardingStatus: 'completed',
      })
      .returning();
    for (let d = 0; d < 3; d++)
      await db.insert(users).values({
        email: `disciple${i}.${d}@bench.example`,
        firstName: 'Bench',
        lastName: `Disciple ${i}.${d}`,
        onboardingStatus: 'completed',
        mentorId: user!.id,
      });
    await db.insert(assessmentAttempts).values(
      weeks.slice(0, 3).flatMap((w) => [
        { userId: user!.id, lessonId: w.lessonId, assessmentId: w.assessmentId, answers: [], score: 50, passed: false },
        { userId: user!.id, lessonId: w.lessonId, assessmentId: w.assessmentId, answers: [], score: 90, passed: true },
      ]),
    );
    // Admins and founders need a session that passed two-step verification for the admin API
    // (decision 038); without it the directory answers 403 MFA_REQUIRED and nothing can be timed.
    cookies.push(`${SESSION_COOKIE}=${await createSession(db, user!.id, policy, { isMfaVerified: true })}`);
  }
  // The quiz is submitted by other learners: thousands of attempts a second would otherwise pile up
  // in the readers' own history (a learner has a few per lesson), and slow their reads down.
  const writerCookies: string[] = [];
  for (let i = 0; i < HIGH; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `writer${i}@bench.example`, firstName: 'Bench', lastName: `Writer ${i}`, onboardingStatus: 'completed' })
      .returning();
    writerCookies.push(`${SESSION_COOKIE}=${await createSession(db, user!.id, policy)}`);
  }
  await pool.end();
  const answers = loadCourseContent().lessons.find((l) => l.week === 1)!.answers;
  const speedDb = (await admin.query<{ oid: number }>(`select oid from pg_database where datname = 'speed'`)).rows[0]!.oid;
  return {
    cookies,
    writerCookies,
    courseId: course!.id,
    lessonId: weeks[0]!.lessonId,
    assessmentId: weeks[0]!.assessmentId,
    answers,
    speedDb,
  };
}

function staticScenarios(): Scenario[] {
  const indexFile = path.join(root, 'dist/client/index.html');
  let html: string;
  try {
    html = readFileSync(indexFile, 'utf8');
  } catch {
    return [];
  }
  const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  return [
    { label: 'landing HTML /', kind: 'static', method: 'GET', path: '/', headers: browser },
    ...(entry
      ? [{ label: `JS asset ${path.basename(entry)}`, kind: 'static' as const, method: 'GET' as const, path: entry, headers: browser }]
      : []),
  ];
}

async function printStatements(admin: pg.Client, dbid: number, label: string, requests: number, log: (line: string) => void) {
  const { rows } = await admin.query<{ calls: string; ms: number; rows: string; query: string }>(
    `select calls, total_exec_time + total_plan_time as ms, rows, query from pg_stat_statements where dbid = $1 order by ms desc limit 5`,
    [dbid],
  );
  log(`${label}: statements per request`);
  for (const r of rows)
    log(
      `    ${(Number(r.calls) / requests).toFixed(2)} calls, ${(r.ms / requests).toFixed(3)} ms, ${(Number(r.rows) / Number(r.calls)).toFixed(1)} rows/call: ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`,
    );
}

export async function runThroughput(adminUrl: string, pgDir: string, log: (line: string) => void) {
  const p = await prepare(adminUrl, pgDir, log);
  try {
    return await measure(p, pgDir, log);
  } finally {
    // Also when a route fails its check or a sample throws: no app is left running behind the benchmark.
    await stopApp(p.child);
    await p.admin.end().catch(() => {});
  }
}

async function measure(p: Awaited<ReturnType<typeof prepare>>, pgDir: string, log: (line: string) => void) {
  const { cookies } = p;
  const health: Scenario = { label: 'GET /api/health', kind: 'baseline', method: 'GET', path: '/api/health' };
  const ready: Scenario = { label: 'GET /api/ready', kind: 'baseline', method: 'GET', path: '/api/ready' };
  const every: Scenario[] = [
    { label: 'GET /api/auth/user (session only)', kind: 'session', method: 'GET', path: '/api/auth/user', cookies },
    { label: 'GET /api/courses', kind: 'read', method: 'GET', path: '/api/courses?lang=en', cookies },
    { label: 'GET /api/progress/:id', kind: 'read', method: 'GET', path: `/api/progress/${p.courseId}`, cookies },
    { label: 'GET /api/courses/:id/lessons', kind: 'read', method: 'GET', path: `/api/courses/${p.courseId}/lessons?lang=en`, cookies },
    { label: 'GET /api/lessons/:id', kind: 'read', method: 'GET', path: `/api/lessons/${p.lessonId}?lang=en`, cookies },
    {
      label: 'GET /api/lessons/:id/assessment',
      kind: 'read',
      method: 'GET',
      path: `/api/lessons/${p.lessonId}/assessment?lang=en`,
      cookies,
    },
    { label: 'GET /api/disciples/tree (3 people)', kind: 'read', method: 'GET', path: '/api/disciples/tree', cookies },
    { label: 'GET /api/admin/users (first page)', kind: 'read', method: 'GET', path: '/api/admin/users?page=1&pageSize=25', cookies },
    // No submit row since question banks (docs/decisions/073): a submit answers a draw once and is
    // limited to a few a minute per learner, so a loop of them measures the refusal. What a flood of
    // submits does to other learners' reads is bench/quiz-flood-bench.ts.
    ...staticScenarios(),
  ];
  const routes = every.filter((s) => !ONLY_ROUTES || s.label.includes(ONLY_ROUTES));

  // Every route must work before it is timed: a benchmark of 401s would be meaningless.
  for (const s of [health, ready, ...routes]) {
    const res = await fetch(`http://127.0.0.1:${p.port}${s.path}`, {
      method: s.method,
      headers: { ...s.headers, ...(s.cookies ? { cookie: s.cookies[0]! } : {}), ...(s.body ? { 'content-type': 'application/json' } : {}) },
      body: s.body,
    });
    if (res.status !== 200) throw new Error(`${s.label} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  const pid = p.child.pid!;
  const run = (s: Scenario, connections: number, seconds = SECONDS) => load(p.port, s, connections, seconds, pgDir, pid);
  log(`Warming up every route (1 s each)...`);
  for (const s of [health, ready, ...routes]) await run(s, LOW, 1);

  log(`Measuring ${routes.length} routes, ${SECONDS} s per sample, interleaved with health and ready...`);
  const healthSamples: Sample[] = [];
  const readySamples: Sample[] = [];
  const measured: { scenario: Scenario; low: Sample; high: Sample; statements: number; statementMs: number }[] = [];
  for (const s of routes) {
    healthSamples.push(await run(health, LOW));
    readySamples.push(await run(ready, LOW));
    await p.admin.query('select pg_stat_statements_reset()');
    const low = await run(s, LOW);
    const st = (
      await p.admin.query<{ calls: string | null; ms: number | null }>(
        'select sum(calls) as calls, sum(total_exec_time + total_plan_time) as ms from pg_stat_statements where dbid = $1',
        [p.speedDb],
      )
    ).rows[0]!;
    if (SHOW_STATEMENTS) await printStatements(p.admin, p.speedDb, s.label, low.requests, log);
    // 16 and 64 connections twice, alternating: one 2-second sample moves by 10% on a shared
    // machine, which decided "slower at 64" more often than the route did.
    const high = await run(s, HIGH);
    const low2 = await run(s, LOW);
    const high2 = await run(s, HIGH);
    measured.push({
      scenario: s,
      low: merge(low, low2),
      high: merge(high, high2),
      statements: Number(st.calls ?? 0) / low.requests,
      statementMs: Number(st.ms ?? 0) / low.requests,
    });
  }
  healthSamples.push(await run(health, LOW));
  readySamples.push(await run(ready, LOW));
  const healthHigh = await run(health, HIGH);
  const readyHigh = await run(ready, HIGH);

  // What a visitor's browser gets for the current-user call and robots.txt.
  const visitorUser = await fetch(`http://127.0.0.1:${p.port}/api/auth/user`);
  const robots = await fetch(`http://127.0.0.1:${p.port}/robots.txt`);
  const visitor = {
    currentUser: `${visitorUser.status} ${(await visitorUser.text()).slice(0, 30)}`,
    currentUserOk: visitorUser.status === 200,
    robots: `${robots.status} ${robots.headers.get('content-type') ?? ''}`,
    robotsOk: robots.status === 200 && (robots.headers.get('content-type') ?? '').startsWith('text/plain'),
  };
  await robots.text();

  const mean = (a: Sample, b: Sample) => (a.rps + b.rps) / 2;
  const figures: RouteFigures[] = measured.map((m, i) => ({
    ...m,
    health: mean(healthSamples[i]!, healthSamples[i + 1]!),
    ready: mean(readySamples[i]!, readySamples[i + 1]!),
  }));
  return { figures, healthSamples, readySamples, healthHigh, readyHigh, visitor };
}
