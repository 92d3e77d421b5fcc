/**
 * Admin console and mentoring tree at 100,000 users: real API requests through the whole app
 * (routing, validation, session, SQL, serialization; `app.inject`, so no network), median and
 * p95 per request, on a database filled by bench/seed-100k.ts. Ends with one CSV export of the
 * whole directory.
 */
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { insightsRepositoryFactory } from '#server/modules/admin/insights/insights.repository.ts';
import { freePort } from '#test/postgres.ts';

import { BENCH_MFA_KEY, startApiServer, stopApp, waitReady } from './processes.ts';
import { ROOT_EMAIL } from './seed-100k.ts';

const ITERATIONS = Number(process.env.ITERATIONS ?? 30);
const WARMUP = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export interface AdminRow {
  key: string;
  label: string;
  median: number;
  p95: number;
  summary: string;
}

/** The directory's first page under 64 admins at once, on the server as `npm start` runs it. */
export interface DirectoryLoad {
  /** Closed loop: each of 64 connections sends its next request as soon as the answer comes (the most the machine serves). */
  saturated: { rps: number; p50: number; p97_5: number; p99: number; non2xx: number };
  /** Open loop: 64 admins each opening a page every second (64 requests a second in all). */
  steady: { rate: number; rps: number; p50: number; p95: number; p97_5: number; p99: number; non2xx: number };
}

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 2) * 2;

async function directoryUnderLoad(databaseUrl: string, cookies: string[], log: (line: string) => void): Promise<DirectoryLoad> {
  const port = await freePort();
  const child = startApiServer(databaseUrl, port);
  try {
    await waitReady(port, child);
    const run = async () => {
      let next = 0;
      const r = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: cookies.length,
        duration: LOAD_SECONDS,
        requests: [
          {
            method: 'GET',
            path: '/api/admin/users?page=1&pageSize=25',
            // One admin per connection: the console's rate limit is per admin account.
            setupRequest: (req, context: { cookie?: string }) => {
              context.cookie ??= cookies[next++ % cookies.length];
              return { ...req, headers: { ...req.headers, cookie: context.cookie! } };
            },
          },
        ],
      });
      return {
        rps: r.requests.total / r.duration,
        p50: r.latency.p50,
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        non2xx: r.non2xx + r.errors + r.timeouts,
      };
    };
    log(
      `Directory first page at ${cookies.length} connections: ${LOAD_SECONDS} s warm-up, ${LOAD_SECONDS} s closed loop, ${LOAD_SECONDS * 2} s at one page per admin per second...`,
    );
    await run();
    const saturated = await run();
    // Open loop: each admin opens a page once a second at its own moment (a random phase), so the
    // arrivals are spread like people's clicks, not fired together as autocannon's overallRate does
    // (which measured its own bursts: 64 requests at once each second). Keep-alive connections.
    const steady = await (async () => {
      const seconds = LOAD_SECONDS * 2;
      const times: number[] = [];
      let failed = 0;
      const started = performance.now();
      await Promise.all(
        cookies.map(async (cookie) => {
          const phase = Math.random() * 1000;
          for (let i = 0; i < seconds; i++) {
            const due = started + phase + i * 1000;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((r) => setTimeout(r, wait));
            const t0 = performance.now();
            // Node's fetch keeps its connections alive between requests.
            const res = await fetch(`http://127.0.0.1:${port}/api/admin/users?page=1&pageSize=25`, { headers: { cookie } });
            await res.text();
            times.push(performance.now() - t0);
            if (res.status !== 200) failed++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      times.sort((a, b) => a - b);
      return {
        rate: cookies.length,
        rps: times.length / elapsed,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p97_5: percentile(times, 97.5),
        p99: percentile(times, 99),
        non2xx: failed,
      };
    })();
    return { saturated, steady };
  } finally {
    await stopApp(child);
  }
}

export async function runAdmin(databaseUrl: string, log: (line: string) => void) {
  const seedDb = createDb(databaseUrl, 2);
  const treeSize = (
    await seedDb.db.execute<{ n: number }>(sql`
    with recursive tree(id) as (select id from users where email = ${ROOT_EMAIL} union select u.id from users u join tree on u.mentor_id = tree.id)
    select count(*)::int as n from tree`)
  ).rows[0]!.n;

  const [root] = await seedDb.db
    .select()
    .from(users)
    .where(sql`${users.email} = ${ROOT_EMAIL}`);
  const policy = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  /** A session that passed two-step verification (the admin console requires it). */
  const cookieOf = async (userId: string) => `${SESSION_COOKIE}=${await createSession(seedDb.db, userId, policy, { isMfaVerified: true })}`;
  /** Admins made afresh (a previous run's at the same addresses removed first), each with a session cookie. */
  const freshAdmins = async (people: { email: string; firstName: string; lastName: string }[]) => {
    await seedDb.db.delete(users).where(
      inArray(
        users.email,
        people.map((p) => p.email),
      ),
    );
    const made = await seedDb.db
      .insert(users)
      .values(people.map((p) => ({ ...p, role: 'admin' as const, onboardingStatus: 'completed' as const })))
      .returning({ id: users.id });
    return Promise.all(made.map((a) => cookieOf(a.id)));
  };
  const adminCookie = (await freshAdmins([{ email: 'bench.admin@bench.example', firstName: 'Bench', lastName: 'Admin' }]))[0]!;
  const rootCookie = await cookieOf(root!.id);
  // 64 more admins for the load below.
  const loadCookies = await freshAdmins(
    Array.from({ length: 64 }, (_, i) => ({ email: `bench.load${i}@bench.example`, firstName: 'Load', lastName: `Admin ${i}` })),
  );
  // The Insights tab (decision 076): its nightly rebuild once, timed; its charts are timed below by their own
  // admin (the console's rate limit is per admin account and per minute).
  const insightsCookie = (await freshAdmins([{ email: 'bench.insights@bench.example', firstName: 'Insights', lastName: 'Admin' }]))[0]!;
  const refreshStarted = performance.now();
  await insightsRepositoryFactory(seedDb.db).refresh();
  const insightsRefreshSeconds = (performance.now() - refreshStarted) / 1000;
  log(`Insights: the nightly rebuild of the precomputed figures took ${insightsRefreshSeconds.toFixed(1)} s.`);
  await seedDb.pool.end();

  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', MFA_ENCRYPTION_KEY: BENCH_MFA_KEY }), databaseUrl });
  await app.ready();

  const total = (await app.inject({ method: 'GET', url: '/api/admin/users?pageSize=1', headers: { cookie: adminCookie } })).json()
    .total as number;
  const deepPage = Math.floor(total / 25 / 2);
  const cases: [key: string, label: string, url: string, cookie: string][] = [
    ['first', 'directory, first page (25 rows)', '/api/admin/users?page=1&pageSize=25', adminCookie],
    [
      'deep',
      `directory, deep page (page ${deepPage}, offset ${(deepPage - 1) * 25})`,
      `/api/admin/users?page=${deepPage}&pageSize=25`,
      adminCookie,
    ],
    ['last', 'directory, last page', `/api/admin/users?page=${Math.ceil(total / 25)}&pageSize=25`, adminCookie],
    ['search', 'directory, search "mar" (common)', '/api/admin/users?search=mar&pageSize=25', adminCookie],
    [
      'search',
      'directory, search "moise moreau" (matches Moïse Moreau)',
      '/api/admin/users?search=moise%20moreau&pageSize=25',
      adminCookie,
    ],
    ['search', 'directory, search one email', '/api/admin/users?search=user54321%40bench&pageSize=25', adminCookie],
    ['filter', 'directory, filter completed', '/api/admin/users?filter=completed&pageSize=25', adminCookie],
    ['filter', 'directory, filter in-progress', '/api/admin/users?filter=in-progress&pageSize=25', adminCookie],
    ['filter', 'directory, filter ambassador', '/api/admin/users?filter=ambassador&pageSize=25', adminCookie],
    ['filter', 'directory, filter coordinator', '/api/admin/users?filter=coordinator&pageSize=25', adminCookie],
    ['filter', 'directory, search "mar" + filter completed', '/api/admin/users?search=mar&filter=completed&pageSize=25', adminCookie],
    ['stats', 'stat cards', '/api/admin/stats', adminCookie],
    ['inbox', 'callback inbox (open)', '/api/admin/callbacks', adminCookie],
    ['inbox', 'WatchMoms applications', '/api/admin/watchmoms-applications', adminCookie],
    ['inbox', 'ambassador applications (pending)', '/api/admin/ambassador-applications', adminCookie],
    ['inbox', 'audit log, first page', '/api/admin/audit-log', adminCookie],
    ['tree', `disciple tree of ${treeSize} people`, '/api/disciples/tree', rootCookie],
    ['summary', 'disciple summary (tree counts)', '/api/disciples/summary', rootCookie],
    ['progression', 'progression (eligibility)', '/api/disciples/progression', rootCookie],
    ['insights', 'insights: course funnel (12 months)', '/api/admin/insights/funnel?period=12m&tz=Europe%2FParis', insightsCookie],
    [
      'insights',
      'insights: course funnel (French, one country)',
      '/api/admin/insights/funnel?period=12m&language=fr&country=Haiti&tz=Europe%2FParis',
      insightsCookie,
    ],
    ['insights', 'insights: growth (12 months)', '/api/admin/insights/growth?period=12m&tz=Europe%2FParis', insightsCookie],
    [
      'insights',
      'insights: growth (French, one country)',
      '/api/admin/insights/growth?period=12m&language=fr&country=Haiti&tz=Europe%2FParis',
      insightsCookie,
    ],
    ['insights', 'insights: multiplication (12 months)', '/api/admin/insights/multiplication?period=12m&tz=Europe%2FParis', insightsCookie],
    [
      'insights',
      'insights: multiplication (French, one country)',
      '/api/admin/insights/multiplication?period=12m&language=fr&country=Haiti&tz=Europe%2FParis',
      insightsCookie,
    ],
    ['insights', 'insights: care (12 months)', '/api/admin/insights/care?period=12m&tz=Europe%2FParis', insightsCookie],
    ['insights', 'insights: care (French)', '/api/admin/insights/care?period=12m&language=fr&tz=Europe%2FParis', insightsCookie],
  ];

  log(`Timing the admin console: ${ITERATIONS} requests per row after ${WARMUP} warm-ups...`);
  const rows: AdminRow[] = [];
  for (const [key, label, url, cookie] of cases) {
    const times: number[] = [];
    let summary = '';
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(ms);
      if (i === 0) {
        const body = res.json();
        summary =
          'total' in body
            ? `${body.total} matching${'users' in body ? `, ${body.users.length} rows` : ''}`
            : 'disciples' in body
              ? `${(res.body.length / 1024).toFixed(0)} KiB`
              : JSON.stringify(body).slice(0, 60);
      }
    }
    times.sort((a, b) => a - b);
    rows.push({ key, label, median: percentile(times, 50), p95: percentile(times, 95), summary });
  }

  // The whole directory as CSV once: a streaming export of every row.
  const t0 = performance.now();
  const csv = await app.inject({ method: 'GET', url: '/api/admin/users/export.csv', headers: { cookie: adminCookie } });
  const csvSeconds = (performance.now() - t0) / 1000;
  const csvRows = csv.body.split('\r\n').length - 2;
  const csvMiB = csv.body.length / 1_048_576;
  await app.close();
  const load = await directoryUnderLoad(databaseUrl, loadCookies, log);
  return { rows, csvSeconds, csvRows, csvMiB, treeSize, total, load, insightsRefreshSeconds };
}
