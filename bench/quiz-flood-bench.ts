/**
 * `npx tsx bench/quiz-flood-bench.ts` (also run by `npm run bench`): what one learner submitting a
 * quiz as fast as they can does to every other learner's lesson reads (issue 26, docs/decisions/073).
 *
 * Before question banks, one learner stored 70,870 attempts in about a minute, their attempts list
 * grew to 8 MB, and every other learner's `GET /api/lessons/:id` fell from 8,406 to 664 requests a
 * second (p99 6 → 241 ms). Now a submit answers a server draw once, submits are limited per learner
 * and the lesson page asks for a page of 5 attempts.
 *
 * The API server runs in its own process (bench/api-server.ts) on a fresh database cloned from the
 * seeded template. 64 learners read week 1 (autocannon, 64 connections, one learner each) for
 * BENCH_SECONDS (default 10), twice: quietly, then while one more learner floods (16 connections):
 * each of their requests is a submit of their week 1 draw with the right answers, and between
 * submits they re-open the lesson page (the lesson, its draw and the first page of attempts). It
 * prints the readers' req/s, p50 and p99 in both phases, the flood's answers by status and how many
 * attempts were stored. Asserts nothing; the machine's load moves every figure (it prints it).
 *
 *   BENCH_SECONDS=20 npx tsx bench/quiz-flood-bench.ts
 */
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';

import { type Assessment, type LessonListItem } from '#common/contracts/course.ts';
import { createDb } from '#server/db/client.ts';
import { assessmentAttempts, users } from '#server/db/schema/index.ts';
import { loadCourseContent } from '#server/db/seed/course.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { cloneTemplateDatabase, freePort, seedAppTemplate, startTestPostgres } from '#test/postgres.ts';
import { answersFor } from '#test/quiz.ts';

import { machine, startApiServer, stopApp, waitReady } from './processes.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READERS = 64;
const FLOOD_CONNECTIONS = 16;

interface ReadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function main() {
  console.log(`quiz flood: ${machine()}`);
  const pg = await startTestPostgres(seedAppTemplate);
  const database = await cloneTemplateDatabase(pg.adminUrl);
  const { db, pool } = createDb(database.url, 2);
  const policy = { idleMs: 86_400_000, absoluteMs: 86_400_000 };
  const session = async (email: string) => {
    const [u] = await db
      .insert(users)
      .values({ email, firstName: 'Bench', lastName: 'Learner', onboardingStatus: 'completed' })
      .returning();
    return { id: u!.id, cookie: `${SESSION_COOKIE}=${await createSession(db, u!.id, policy)}` };
  };
  const readers = await Promise.all(Array.from({ length: READERS }, (_, i) => session(`reader${i}@bench.example`)));
  const flooder = await session('flooder@bench.example');

  const port = await freePort();
  const child = startApiServer(database.url, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(port, child);
    const get = async <T>(url: string, cookie: string) => (await fetch(`${base}${url}`, { headers: { cookie } })).json() as Promise<T>;
    const [course] = await get<{ id: string }[]>('/api/courses', readers[0]!.cookie);
    const week1 = (await get<LessonListItem[]>(`/api/courses/${course!.id}/lessons`, readers[0]!.cookie)).find((l) => l.weekNumber === 1)!;
    const lessonPath = `${`/api/lessons/${week1.id}`}?lang=en`;

    const read = async (): Promise<ReadFigures> => {
      let next = 0;
      const r = await autocannon({
        url: base,
        connections: READERS,
        duration: SECONDS,
        requests: [
          {
            method: 'GET',
            path: lessonPath,
            setupRequest: (req, context: { cookie?: string }) => {
              context.cookie ??= readers[next++ % READERS]!.cookie;
              return { ...req, headers: { ...req.headers, cookie: context.cookie } };
            },
          },
        ],
      });
      return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
    };

    console.log(`  warming up...`);
    await read();
    console.log(`  ${READERS} learners read week 1, no flood (${SECONDS} s)...`);
    const quiet = await read();

    // The flood: FLOOD_CONNECTIONS loops, each re-opening the lesson page and submitting the current draw right.
    const statuses = new Map<number, number>();
    // Read once: the flood must cost the server, not this process.
    const { lessons } = loadCourseContent();
    let flooding = true;
    let pageOpenings = 0;
    const floodLoop = async () => {
      while (flooding) {
        pageOpenings++;
        const [, a] = await Promise.all([
          fetch(`${base}${lessonPath}`, { headers: { cookie: flooder.cookie } }).then((r) => r.arrayBuffer()),
          get<Assessment>(`${`/api/lessons/${week1.id}/assessment`}?lang=en`, flooder.cookie),
          fetch(`${base}${`/api/lessons/${week1.id}/attempts`}?limit=5`, { headers: { cookie: flooder.cookie } }).then((r) =>
            r.arrayBuffer(),
          ),
        ]);
        const res = await fetch(`${base}${`/api/assessments/${a.id}/submit`}`, {
          method: 'POST',
          headers: { cookie: flooder.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ drawId: a.drawId, answers: answersFor(a, 0, 'en', lessons) }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    console.log(`  the same, while one learner floods submits (${FLOOD_CONNECTIONS} at a time)...`);
    const loops = Array.from({ length: FLOOD_CONNECTIONS }, floodLoop);
    const flooded = await read();
    flooding = false;
    await Promise.all(loops);
    const stored = await db.$count(assessmentAttempts, eq(assessmentAttempts.userId, flooder.id));
    const submits = [...statuses.values()].reduce((a, b) => a + b, 0);

    const row = (name: string, f: ReadFigures) =>
      `  ${name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  non-2xx ${f.non2xx}`;
    console.log('');
    console.log(`  GET /api/lessons/:id by ${READERS} other learners`);
    console.log(row('no flood', quiet));
    console.log(row('one learner flooding', flooded));
    console.log(`  ratio under flood: ${((flooded.rps / quiet.rps) * 100).toFixed(0)}% of the quiet req/s`);
    console.log(
      `  the flood: ${pageOpenings} page openings (3 reads each) and ${submits} submits in ${SECONDS} s (${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}), ${stored} attempt(s) stored`,
    );
  } finally {
    await stopApp(child);
    await pool.end();
    await database.drop();
    await pg.stop();
  }
}

await main();
