/**
 * `npm run bench:landing`: what a visitor's browser downloads and how fast the public pages load.
 *
 *   1. builds the client (unless BENCH_CLIENT_DIR names a build) and serves it with the real server
 *      on its own PostgreSQL;
 *   2. opens `/` and `/soul-health-check` in Debian's Chromium and adds up the JavaScript they
 *      download (gzip bytes: the build's .gz variants; brotli bytes as sent), and says, from the
 *      build's chunk map, whether any of it is zod, the API client, PDF or signed-in screen code;
 *   3. runs Lighthouse (mobile, default simulated throttling) on both pages: performance score,
 *      LCP, TBT and CLS.
 *
 * Each figure is printed with its goal (issue 14). Asserts nothing; the machine's load changes the
 * Lighthouse figures (it prints the load average), not the byte counts.
 *
 *   LIGHTHOUSE_RUNS=3 npm run bench:landing       median of 3 Lighthouse runs per page (default 1; 0: bytes only)
 *   BENCH_CLIENT_DIR=dist/client npm run bench:landing   measure an existing build
 *   LIGHTHOUSE_JSON=/tmp/lh npm run bench:landing        also write each Lighthouse report (JSON) into that folder
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb } from '#server/db/client.ts';
import { seedContent } from '#server/db/seed/index.ts';
import { forbiddenModules, gzipBytes, readModuleMap, visitorForbidden, type ForbiddenKind } from '#test/client-bundle.ts';
import { cloneTemplateDatabase, freePort, startTestPostgres } from '#test/postgres.ts';

import { machine } from './processes.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const RUNS = Math.max(0, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const PAGES = [
  { path: '/', ready: 'landing-page' },
  { path: '/soul-health-check', ready: 'soul-health-check' },
] as const;

export interface Goal {
  what: string;
  figure: string;
  goal: string;
  met: boolean;
}

export interface PageWeight {
  path: string;
  scripts: { path: string; gzip: number; transferred: number }[];
  gzipTotal: number;
  brotliTotal: number;
  forbidden: Record<ForbiddenKind, string[]>;
}

export interface LighthouseFigures {
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  runs: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export async function buildClient(log: (line: string) => void, { minify = true } = {}): Promise<{ dir: string; cleanup: () => void }> {
  if (process.env.BENCH_CLIENT_DIR) return { dir: path.resolve(process.env.BENCH_CLIENT_DIR), cleanup: () => {} };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'god-landing-bench-'));
  const started = performance.now();
  const { build } = await import('vite');
  // Without minification (`npm run bench:trace`), function names stay readable in a profile.
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, ...(minify ? {} : { minify: false }) },
  });
  log(`Built the client in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  // The landing page's renderer is written beside the build (docs/decisions/057).
  return { dir, cleanup: () => [dir, `${dir}-ssr`].forEach((d) => rmSync(d, { recursive: true, force: true })) };
}

/** JavaScript a fresh visitor's Chromium downloads for one page, until the network is idle. */
async function measurePage(baseUrl: string, clientDir: string, page: (typeof PAGES)[number]): Promise<PageWeight> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const tab = await context.newPage();
    const responses: Promise<{ path: string; transferred: number }>[] = [];
    tab.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      const url = new URL(res.url());
      responses.push(
        res
          .request()
          .sizes()
          .then((s) => ({ path: url.pathname, transferred: s.responseBodySize })),
      );
    });
    await tab.goto(baseUrl + page.path);
    await tab.getByTestId(page.ready).waitFor();
    await tab.waitForLoadState('networkidle');
    const scripts = (await Promise.all(responses)).map((s) => ({ ...s, gzip: gzipBytes(clientDir, s.path) }));
    return {
      path: page.path,
      scripts,
      gzipTotal: scripts.reduce((sum, s) => sum + s.gzip, 0),
      brotliTotal: scripts.reduce((sum, s) => sum + s.transferred, 0),
      forbidden: forbiddenModules(
        readModuleMap(clientDir),
        scripts.map((s) => s.path),
      ),
    };
  } finally {
    await browser.close();
  }
}

/** Debian's Chromium with a DevTools port for Lighthouse (it needs no network beyond loopback). */
export async function launchChromiumForLighthouse(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'god-lighthouse-'));
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium did not open its DevTools port in 30 s')), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

export async function runLighthouse(
  baseUrl: string,
  pagePath: string,
  port: number,
  extraHeaders?: Record<string, string>,
): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const runs: Omit<LighthouseFigures, 'runs'>[] = [];
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    // The default config: mobile form factor and screen, simulated 4G and 4x CPU slowdown.
    const result = await lighthouse(baseUrl + pagePath, {
      port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_JSON, `${pagePath.replace(/\W+/g, '-') || 'root'}-${i + 1}.json`),
        JSON.stringify(lhr),
      );
    // A trace Chromium failed to record (NO_NAVSTART, seen on a loaded machine) is a failed run, not a figure: run it again, twice at most.
    if (lhr.runtimeError && retries++ < 2) {
      i--;
      continue;
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      path: pagePath,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    });
  }
  return {
    path: pagePath,
    score: median(runs.map((r) => r.score)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    runs: RUNS,
  };
}

/**
 * The built client (buildClient) served by the real server on its own PostgreSQL, seeded with the
 * course content; `stop` closes the app and removes the database, the server and the build.
 */
export async function serveBuiltClient(log: (line: string) => void, build: { minify?: boolean } = {}) {
  const client = await buildClient(log, build);
  const pg = await startTestPostgres(async (templateUrl) => {
    const { db, pool } = createDb(templateUrl, 1);
    await seedContent(db);
    await pool.end();
  });
  const database = await cloneTemplateDatabase(pg.adminUrl);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'warn' }), databaseUrl: database.url, clientDir: client.dir });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientDir: client.dir,
    databaseUrl: database.url,
    stop: async () => {
      await app.close();
      await database.drop();
      await pg.stop();
      client.cleanup();
    },
  };
}

/** Measures everything and returns the goals with their figures (`npm run bench` prints them too). */
export async function runLandingBench(log: (line: string) => void) {
  const { baseUrl, clientDir, stop } = await serveBuiltClient(log);
  try {
    const weights: PageWeight[] = [];
    for (const page of PAGES) weights.push(await measurePage(baseUrl, clientDir, page));
    const lighthouse: LighthouseFigures[] = [];
    if (RUNS === 0) return { weights, lighthouse, goals: goalsOf(weights, lighthouse) };
    const chromium = await launchChromiumForLighthouse();
    try {
      for (const page of PAGES) {
        log(`Lighthouse on ${page.path} (${RUNS} run${RUNS > 1 ? 's' : ''})...`);
        lighthouse.push(await runLighthouse(baseUrl, page.path, chromium.port));
      }
    } finally {
      await chromium.stop();
    }
    return { weights, lighthouse, goals: goalsOf(weights, lighthouse) };
  } finally {
    await stop();
  }
}

/** The four Lighthouse goals of one page: score >= 95, CLS <= 0.1, and the page's LCP and TBT limits. */
export function lighthouseGoals(name: string, lh: LighthouseFigures, limits: { lcpMs: number; tbtMs: number }): Goal[] {
  return [
    { what: `Lighthouse mobile ${name}: performance`, figure: String(lh.score), goal: '>= 95', met: lh.score >= 95 },
    {
      what: `Lighthouse mobile ${name}: LCP`,
      figure: `${(lh.lcpMs / 1000).toFixed(2)} s`,
      goal: `<= ${(limits.lcpMs / 1000).toFixed(1)} s`,
      met: lh.lcpMs <= limits.lcpMs,
    },
    {
      what: `Lighthouse mobile ${name}: TBT`,
      figure: `${Math.round(lh.tbtMs)} ms`,
      goal: `<= ${limits.tbtMs} ms`,
      met: lh.tbtMs <= limits.tbtMs,
    },
    { what: `Lighthouse mobile ${name}: CLS`, figure: lh.cls.toFixed(3), goal: '<= 0.1', met: lh.cls <= 0.1 },
  ];
}

export function goalsOf(weights: PageWeight[], lighthouse: LighthouseFigures[]): Goal[] {
  const goals: Goal[] = [];
  const landing = weights.find((w) => w.path === '/')!;
  goals.push({
    what: 'landing page JavaScript (gzip)',
    figure: kb(landing.gzipTotal),
    goal: '<= 100 KB',
    met: landing.gzipTotal <= 100 * 1024,
  });
  for (const kind of Object.keys(visitorForbidden) as ForbiddenKind[]) {
    const found = landing.forbidden[kind];
    goals.push({
      what: `landing page: ${kind} code`,
      figure: found.length ? `${found.length} modules` : 'none',
      goal: 'none',
      met: found.length === 0,
    });
  }
  for (const lh of lighthouse) goals.push(...lighthouseGoals(lh.path, lh, { lcpMs: 2500, tbtMs: 200 }));
  return goals;
}

export function printLandingWeights(weights: PageWeight[]) {
  for (const w of weights) {
    console.log(
      `\nJavaScript downloaded by ${w.path} (fresh visitor, Chromium): ${kb(w.gzipTotal)} gzip, ${kb(w.brotliTotal)} as sent (brotli), ${w.scripts.length} files`,
    );
    for (const s of [...w.scripts].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(9)}  ${s.path}`);
    for (const [kind, modules] of Object.entries(w.forbidden))
      console.log(`  ${kind}: ${modules.length ? `${modules.length} modules, e.g. ${modules.slice(0, 3).join(', ')}` : 'none'}`);
  }
}

export function printGoals(goals: Goal[]) {
  console.log('\nGoals');
  const width = Math.max(...goals.map((g) => g.what.length));
  for (const g of goals)
    console.log(`  ${g.what.padEnd(width)}  ${g.figure.padStart(10)}   goal ${g.goal.padEnd(9)} ${g.met ? 'met' : 'MISSED'}`);
}

async function main() {
  console.log(`npm run bench:landing: ${machine()}\n`);
  const { weights, goals } = await runLandingBench((line) => console.log(`  ${line}`));
  printLandingWeights(weights);
  printGoals(goals);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
