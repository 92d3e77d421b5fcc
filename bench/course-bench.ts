/**
 * Requests per second of the course's two busiest calls (read a lesson, submit an assessment) for
 * signed-in users, against GET /api/health on the same server in the same run, so the ratio says
 * what the course adds (session lookup, unlocking check, SQL, JSON) over the bare framework.
 *
 * Starts its own PostgreSQL on a free port, loads the course, listens on a free loopback port, and
 * drives it over HTTP keep-alive from a worker thread (so the load generator and the server use
 * separate event loops). Prints a table; asserts nothing.
 *
 *   npm run bench:course                      (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 to change the load)
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { assessments, lessons, users } from '../server/db/schema/index.ts';
import { loadCourseContent } from '../server/db/seed/course.ts';
import { seedContent } from '../server/db/seed/index.ts';
import { createSession, SESSION_COOKIE } from '../server/modules/auth/session.ts';
import { freePort, startTestPostgres } from '../test/postgres.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_SECONDS = 1;

interface Scenario {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** One session cookie per connection: each connection is a different signed-in learner. */
  cookies?: string[];
  body?: string;
}

interface Result {
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

// The load generator, as plain JavaScript for the worker: `connections` loops, each sending its
// next request as soon as the previous answer is read, for `seconds`.
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, scenario, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const once = (connection) => new Promise((resolve) => {
  const t0 = process.hrtime.bigint();
  const headers = scenario.cookies ? { ...scenario.headers, cookie: scenario.cookies[connection % scenario.cookies.length] } : scenario.headers;
  const req = http.request({ host: '127.0.0.1', port, method: scenario.method, path: scenario.path, headers, agent }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ok: res.statusCode >= 200 && res.statusCode < 300, error: false, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
  });
  req.on('error', () => resolve({ ok: false, error: true, ms: 0 }));
  if (scenario.body) req.write(scenario.body);
  req.end();
});
(async () => {
  const latencies = [];
  let non2xx = 0, errors = 0;
  const start = Date.now();
  const end = start + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async (_, connection) => {
    while (Date.now() < end) {
      const r = await once(connection);
      if (r.error) errors++; else if (!r.ok) non2xx++;
      latencies.push(r.ms);
    }
  }));
  const elapsed = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] || 0;
  agent.destroy();
  parentPort.postMessage({ requests: latencies.length, seconds: elapsed, non2xx, errors, p50: pct(50), p99: pct(99) });
})();
`;

function load(port: number, scenario: Scenario, seconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: { port, scenario, seconds, connections: CONNECTIONS } });
    worker.once('message', (r: Result) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function main() {
  console.log('Starting PostgreSQL and loading the course...');
  const pg = await startTestPostgres();
  const setup = createDb(pg.templateUrl, 2);
  await seedContent(setup.db);
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const [user] = await setup.db
      .insert(users)
      .values({ email: `learner${i}@bench.example`, firstName: 'Bench', lastName: `Learner ${i}`, onboardingStatus: 'completed' })
      .returning();
    cookies.push(`${SESSION_COOKIE}=${await createSession(setup.db, user!.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 })}`);
  }
  const [week1] = await setup.db
    .select({ lessonId: lessons.id, assessmentId: assessments.id })
    .from(lessons)
    .innerJoin(assessments, eq(assessments.lessonId, lessons.id))
    .orderBy(asc(lessons.weekNumber))
    .limit(1);
  await setup.pool.end();
  const answers = loadCourseContent().lessons.find((l) => l.week === 1)!.answers;

  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: pg.templateUrl });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });

  const scenarios: Scenario[] = [
    { label: 'GET /api/health (baseline)', method: 'GET', path: '/api/health', headers: {} },
    { label: 'GET /api/lessons/:id?lang=en', method: 'GET', path: `/api/lessons/${week1!.lessonId}?lang=en`, headers: {}, cookies },
    {
      label: 'POST /api/assessments/:id/submit',
      method: 'POST',
      path: `/api/assessments/${week1!.assessmentId}/submit`,
      headers: { 'content-type': 'application/json' },
      cookies,
      body: JSON.stringify({ answers }),
    },
  ];

  // Every scenario must work before it is timed: a benchmark of 401s or 400s would be meaningless.
  for (const s of scenarios) {
    const res = await app.inject({ method: s.method, url: s.path, headers: { ...s.headers, ...(s.cookies ? { cookie: s.cookies[0] } : {}) }, payload: s.body });
    if (res.statusCode !== 200) throw new Error(`${s.label} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }

  const cpu = os.cpus();
  console.log(
    `\n${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${CONNECTIONS} keep-alive connections (one signed-in learner each), ${SECONDS} s per row after ${WARMUP_SECONDS} s warm-up.\n`,
  );
  const rows: (Result & { label: string })[] = [];
  for (const s of scenarios) {
    await load(port, s, WARMUP_SECONDS);
    rows.push({ label: s.label, ...(await load(port, s, SECONDS)) });
  }
  const baseline = rows[0]!.requests / rows[0]!.seconds;
  console.log(`${'request'.padEnd(36)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)} ${'vs health'.padStart(10)}`);
  for (const r of rows) {
    const rps = r.requests / r.seconds;
    console.log(
      `${r.label.padEnd(36)} ${rps.toFixed(0).padStart(9)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${String(r.non2xx + r.errors).padStart(8)} ${`${((rps / baseline) * 100).toFixed(1)}%`.padStart(10)}`,
    );
  }
  const submitted = rows[2]!.requests;
  console.log(`\n(${submitted} attempts were stored by the submit row; each also checked the unlocking order and scored on the server.)`);

  await app.close();
  await pg.stop();
}

await main();
