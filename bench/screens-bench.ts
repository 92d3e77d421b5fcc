/**
 * `npm run bench:screens`: the signed-in screens learners live in, measured as the landing page is
 * (issue 29): Lighthouse mobile (default simulated throttling), median of LIGHTHOUSE_RUNS runs
 * (default 1; `npm run bench` asks for 3), and what the browser fetches for each screen (JavaScript
 * files and bytes, API requests and whether any is asked twice).
 *
 * A learner with two weeks passed who mentors three people, signed in by a session cookie sent with
 * every request. Asserts nothing: it prints each figure with its goal.
 *
 *   LIGHTHOUSE_RUNS=3 npm run bench:screens
 *   BENCH_CLIENT_DIR=dist/client npm run bench:screens   measure an existing build
 *   BENCH_SCREENS=dashboard,lesson npm run bench:screens only those screens
 */
import { chromium } from 'playwright-core';

import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';
import { createDb } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { gzipBytes } from '#test/client-bundle.ts';
import { passLessons, primaryCourseLessons } from '#test/course-progress.ts';

import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromiumForLighthouse,
  lighthouseGoals,
  printGoals,
  runLighthouse,
  RUNS,
  serveBuiltClient,
  type Goal,
  type LighthouseFigures,
} from './landing-bench.ts';
import { machine } from './processes.ts';

const ONLY = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim());

interface ScreenLoad {
  name: string;
  path: string;
  /** The server's time to answer the page itself (rendered for the learner, decision 084): median and p95 of SERVER_RENDERS, in ms. */
  render: { median: number; p95: number; bytes: number; rendered: boolean };
  scripts: number;
  gzip: number;
  api: string[];
  repeated: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function seedLearner(databaseUrl: string) {
  const { db, pool } = createDb(databaseUrl, 2);
  try {
    const person = (email: string, firstName: string, mentorId?: string) => ({
      email,
      firstName,
      lastName: 'Bench',
      onboardingStatus: 'completed' as const,
      birthYear: 2000,
      birthMonth: 1,
      residenceCountry: 'FR',
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      emailVerifiedAt: new Date(),
      ...(mentorId ? { mentorId } : {}),
    });
    const [learner] = await db.insert(users).values(person('learner@bench.example', 'Ada')).returning();
    await db.insert(users).values(['Ben', 'Chloé', 'Dina'].map((n, i) => person(`disciple${i}@bench.example`, n, learner!.id)));
    await passLessons(db, learner!.id, 2);
    const lessons = await primaryCourseLessons(db);
    const token = await createSession(db, learner!.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 });
    return { cookie: `${SESSION_COOKIE}=${token}`, token, lessonId: lessons[2]!.lessonId };
  } finally {
    await pool.end();
  }
}

/** The five first screens (name, path), those of BENCH_SCREENS when it is set; `lessonId` is the learner's open lesson. */
export function signedInScreens(lessonId: string): [string, string][] {
  const screens: [string, string][] = [
    ['dashboard', '/dashboard'],
    ['lesson', `/lesson/${lessonId}`],
    ['assessment', `/assessment/${lessonId}`],
    ['tree', '/disciple-tree'],
    ['settings', '/settings'],
  ];
  return screens.filter(([name]) => !ONLY || ONLY.includes(name));
}

const SERVER_RENDERS = 30;

/** The page's HTML as the learner's browser asks for it, timed (after three to warm up): the server renders the screen each time. */
async function measureServerRender(baseUrl: string, cookie: string, path: string): Promise<ScreenLoad['render']> {
  const ask = () => fetch(baseUrl + path, { headers: { cookie, 'accept-encoding': 'br' } });
  for (let i = 0; i < 3; i++) await (await ask()).arrayBuffer();
  const times: number[] = [];
  let last = '';
  let bytes = 0;
  for (let i = 0; i < SERVER_RENDERS; i++) {
    const t0 = performance.now();
    const res = await ask();
    const body = await res.text();
    times.push(performance.now() - t0);
    last = body;
    bytes = Number(res.headers.get('content-length') ?? 0) || body.length;
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.ceil(times.length * 0.95) - 1]!,
    bytes,
    rendered: last.includes('data-prerendered="screen"'),
  };
}

/** What Chromium fetches for one screen until the network is idle: scripts and API requests in order. */
async function measureScreen(
  baseUrl: string,
  clientDir: string,
  token: string,
  name: string,
  path: string,
): Promise<Omit<ScreenLoad, 'render'>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', serviceWorkers: 'block' });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl }]);
    const tab = await context.newPage();
    const scripts: string[] = [];
    const api: string[] = [];
    tab.on('request', (req) => {
      const url = new URL(req.url());
      if (req.resourceType() === 'script') scripts.push(url.pathname);
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/locales/') || url.pathname.endsWith('.json'))
        api.push(`${req.method()} ${url.pathname}`);
    });
    await tab.goto(baseUrl + path);
    await tab.waitForLoadState('networkidle');
    const seen = new Set<string>();
    const repeated = api.filter((r) => (seen.has(r) ? true : (seen.add(r), false)));
    return { name, path, scripts: scripts.length, gzip: scripts.reduce((sum, s) => sum + gzipBytes(clientDir, s), 0), api, repeated };
  } finally {
    await browser.close();
  }
}

export async function runScreensBench(log: (line: string) => void) {
  const { baseUrl, clientDir, databaseUrl, stop } = await serveBuiltClient(log);
  try {
    const learner = await seedLearner(databaseUrl);
    const screens = signedInScreens(learner.lessonId);
    const loads: ScreenLoad[] = [];
    for (const [name, path] of screens)
      loads.push({
        ...(await measureScreen(baseUrl, clientDir, learner.token, name, path)),
        render: await measureServerRender(baseUrl, learner.cookie, path),
      });
    const lighthouse: (LighthouseFigures & { name: string })[] = [];
    if (RUNS > 0) {
      const browser = await launchChromiumForLighthouse();
      try {
        for (const [name, path] of screens) {
          log(`Lighthouse on ${name} (${RUNS} run${RUNS > 1 ? 's' : ''})...`);
          lighthouse.push({ name, ...(await runLighthouse(baseUrl, path, browser.port, { Cookie: learner.cookie })) });
        }
      } finally {
        await browser.stop();
      }
    }
    return { loads, lighthouse, goals: goalsOf(loads, lighthouse) };
  } finally {
    await stop();
  }
}

function goalsOf(loads: ScreenLoad[], lighthouse: (LighthouseFigures & { name: string })[]): Goal[] {
  const goals: Goal[] = [];
  for (const l of loads)
    goals.push({
      what: `${l.name}: requests asked twice`,
      figure: l.repeated.length ? l.repeated.join(', ') : 'none',
      goal: 'none',
      met: l.repeated.length === 0,
    });
  for (const lh of lighthouse) goals.push(...lighthouseGoals(lh.name, lh, { lcpMs: 2000, tbtMs: 150 }));
  return goals;
}

async function main() {
  console.log(`npm run bench:screens: ${machine()}\n`);
  const { loads, goals } = await runScreensBench((line) => console.log(`  ${line}`));
  for (const l of loads) {
    console.log(`\n${l.name} (${l.path}): ${l.scripts} JavaScript files, ${kb(l.gzip)} gzip`);
    console.log(`  requests in order: ${l.api.join(' → ') || 'none (the data comes with the page)'}`);
    console.log(
      `  the page from the server: ${l.render.rendered ? 'rendered for the learner' : "the app's shell"}, ${l.render.median.toFixed(1)} ms median, ${l.render.p95.toFixed(1)} ms p95 (${SERVER_RENDERS} in a row), ${kb(l.render.bytes)} brotli`,
    );
  }
  printGoals(goals);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
