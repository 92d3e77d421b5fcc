/**
 * `npm run bench:trace`: what holds a slow phone on each signed-in first screen (decision 085).
 *
 * Builds the client without minification (React's and the app's function names stay readable),
 * serves it as `npm run bench:screens` does, and loads each screen in Chromium at a 4x CPU slowdown
 * (Lighthouse's) with a Chrome trace. It prints each task of the page's main thread longer than
 * 50 ms (what Lighthouse's total blocking time adds up), with the browser's own work in it (style,
 * layout, module evaluation) and the JavaScript functions sampled in it, largest first.
 * Asserts nothing.
 *
 *   npm run bench:trace
 *   BENCH_SCREENS=settings,tree npm run bench:trace     only those screens
 *   TRACE_FUNCTIONS=25 npm run bench:trace              more functions per task (default 12)
 *   TRACE_DIR=/tmp/traces npm run bench:trace           also keep each trace (open it in Chrome's DevTools)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { SESSION_COOKIE } from '#server/lib/session.ts';

import { CHROMIUM_FLAGS, CHROMIUM_PATH, serveBuiltClient } from './landing-bench.ts';
import { machine } from './processes.ts';
import { seedLearner, signedInScreens } from './screens-bench.ts';

const FUNCTIONS = Number(process.env.TRACE_FUNCTIONS ?? 12);
/** React's work loop and the like: in every render task, they say nothing about what the task did. */
const PLUMBING =
  /^\(root\)|^\(program\)|^\(idle\)|performWorkUntilDeadline|performWorkOnRoot|workLoop|performUnitOfWork|^beginWork|updateFunctionComponent|renderWithHooks/;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { url?: string } };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName?: string; url?: string };
}

/** The long tasks of the page's main thread, each with its browser events and sampled functions. */
export function longTasks(events: TraceEvent[], functions = FUNCTIONS) {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer is the one that ran the most tasks.
  const tasksOf = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask').length;
  const main = threads.reduce((a, b) => (tasksOf(b) > tasksOf(a) ? b : a));
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const start = own.find((e) => e.name === 'ResourceSendRequest')?.ts ?? own[0]!.ts;

  // The sampling profiler's chunks, put back together as (time, node) samples.
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, number][] = [];
  let t = 0;
  for (const e of events
    .filter((x) => x.pid === main.pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))
    .sort((a, b) => a.ts - b.ts)) {
    const data = e.args!.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    if (e.name === 'Profile') {
      t = data.startTime ?? t;
      continue;
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    (data.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += data.timeDeltas?.[i] ?? 0;
      samples.push([t, id]);
    });
  }
  const stackOf = (id: number) => {
    const names = new Set<string>();
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
      names.add(`${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url ?? '')}`.trim());
    return names;
  };

  return (
    own
      .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000)
      .map((task) => {
        const end = task.ts + task.dur!;
        const inside = own.filter((e) => e.ts >= task.ts && e.ts < end && e.ph === 'X' && e.name !== 'RunTask' && (e.dur ?? 0) > 3000);
        const browser = inside.map((e) => `${e.name} ${Math.round(e.dur! / 1000)}`).slice(0, 6);
        const counts = new Map<string, number>();
        const taken = samples.filter(([ts]) => ts >= task.ts && ts < end);
        for (const [, id] of taken) for (const name of stackOf(id)) counts.set(name, (counts.get(name) ?? 0) + 1);
        const msPerSample = taken.length ? task.dur! / 1000 / taken.length : 0;
        const top = [...counts]
          .filter(([name]) => !PLUMBING.test(name))
          .sort((a, b) => b[1] - a[1])
          .slice(0, functions)
          .map(([name, n]) => ({ name, ms: n * msPerSample }));
        return { at: (task.ts - start) / 1000, ms: task.dur! / 1000, browser, top, isPlaywright: counts.has('InjectedScript') };
      })
      // Playwright's own script, which this bench's waits put in the page, is not the app's.
      .filter((task) => !task.isPlaywright)
  );
}

async function main() {
  console.log(`npm run bench:trace: ${machine()}\n`);
  const { baseUrl, databaseUrl, stop } = await serveBuiltClient((line) => console.log(`  ${line}`), { minify: false });
  const keep = process.env.TRACE_DIR;
  const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'god-trace-'));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const learner = await seedLearner(databaseUrl);
    for (const [name, screenPath] of signedInScreens(learner.lessonId)) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', serviceWorkers: 'block' });
      await context.addCookies([{ name: SESSION_COOKIE, value: learner.token, url: baseUrl }]);
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const file = path.join(dir, `${name}.json`);
      await browser.startTracing(page, {
        path: file,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
      });
      await page.goto(baseUrl + screenPath);
      // The app is live, nothing is loading, and then a second passes without a long task.
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
      await page.waitForLoadState('networkidle');
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let timer = setTimeout(resolve, 1000);
            new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(resolve, 1000);
            }).observe({ type: 'longtask' });
          }),
      );
      await browser.stopTracing();
      await context.close();
      const tasks = longTasks((JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents);
      const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0);
      console.log(`\n${name} (${screenPath}): ${tasks.length} tasks over 50 ms at 4x, ${Math.round(blocking)} ms over 50 in all`);
      for (const task of tasks) {
        console.log(`  +${Math.round(task.at)} ms: ${Math.round(task.ms)} ms [${task.browser.join(', ')}]`);
        for (const f of task.top) console.log(`      ${Math.round(f.ms).toString().padStart(4)} ms  ${f.name}`);
      }
    }
  } finally {
    await browser.close();
    await stop();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  if (keep) console.log(`\nTraces kept in ${dir}.`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
