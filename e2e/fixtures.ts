import { once } from 'node:events';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { generate } from 'otplib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

import { isAdminRole } from '#common/domain/roles.ts';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDb, type Db } from '#server/db/client.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { createUser, signUpTokenFor, TEST_MFA_KEY, type UserOverrides } from '#test/app.ts';
import { cloneTemplateDatabase, freePort } from '#test/postgres.ts';

import { clientDir } from './global-setup.ts';

/**
 * Debian's Chromium headless shell (`apt-get install -y chromium-headless-shell`), the same engine as
 * the `chromium` package without the desktop browser around it, which is what Playwright itself runs
 * for headless tests: a new context and its first page cost the browser process 155 instead of 259 ms
 * (docs/decisions/055). Without it, the full browser; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * `npm run test:screens` sets E2E_SCREENS=1: every look test runs at each of its widths and themes,
 * and `screenshot` saves PNGs. `npm test` runs the first variant of each and saves nothing.
 */
export const allScreens = process.env.E2E_SCREENS === '1';

/**
 * The variants a look test runs: the first `inTest` (default 1) in `npm test`, all of them in
 * `npm run test:screens`. A test whose variants check meaning too (a language's numbers, a theme's
 * contrast) lists first the ones that together cover each value, and runs those.
 */
export function screenVariants<T>(variants: readonly T[], inTest = 1): T[] {
  return allScreens ? [...variants] : variants.slice(0, inTest);
}

/** This test file's server (started by `useBrowser`; `goOffline` stops it and `goOnline` starts it again). */
let fileServer: { app: App; port: number } | undefined;
/** This test file's own server (started by `useBrowser`). */
export function baseUrl(): string {
  if (!fileServer) throw new Error('baseUrl() is only known once useBrowser() has started the server (inside tests and hooks).');
  return `http://127.0.0.1:${fileServer.port}`;
}

const SESSION_POLICY = { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 };

export interface ContextOptions {
  width?: number;
  height?: number;
  locale?: string;
  /** IANA time zone of the browser (default: the machine's). */
  timezoneId?: string;
  colorScheme?: 'light' | 'dark';
  /** What the browser tells the page about motion (default: 'reduce' in `npm test`, 'no-preference' under test:screens). */
  reducedMotion?: 'reduce' | 'no-preference';
  /** False: a browser that runs no script (what the server's HTML alone shows). */
  javaScriptEnabled?: boolean;
}

let launched: Promise<Browser> | undefined;
/**
 * One Chromium per test worker, shared by the files it runs one after the other (vitest keeps a
 * worker's modules between its files: `isolate: false`). Each test still gets fresh contexts (their
 * own cookies, storage and cache), and a launch costs about half a CPU-second. Chromium ends with
 * the worker process (its pipe closes).
 */
function workerBrowser(): Promise<Browser> {
  launched =
    launched
      ?.then((b) => (b.isConnected() ? b : undefined))
      .catch(() => undefined)
      .then((b) => b ?? launch()) ?? launch();
  return launched;
}
function launch() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Per test file: a fresh database cloned from the seeded template, the production build served by
 * the real server on a free port, one Chromium, and a database connection for fixtures.
 * Usage: `const ctx = useBrowser();` then `await ctx.newPage()` inside tests.
 */
/**
 * A signed-in screen the server rendered (docs/decisions/084) is on screen before the app runs, and
 * stays inert (no press, no typing) until the app has replaced it. A person waits for that, as a
 * test must: each page load (goto, reload, back and forward) resolves once the app is live
 * (`appIsLive`; a test waits for it itself after a reload the app makes).
 */
export const appIsLive = (page: Page) =>
  page.waitForFunction(
    () => document.documentElement.dataset.prerendered !== 'screen' || !document.getElementById('root')?.hasAttribute('inert'),
  );

function waitForTheAppOnLoads(page: Page) {
  const isLive = () => appIsLive(page);
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await load(...args);
        // No page at all (a download, a failed load) has nothing to wait for.
        if (response && page.url().startsWith(baseUrl())) await isLive();
        return response;
      },
    });
  }
}

export function useBrowser(
  fileOpts: {
    env?: Record<string, string>;
    /**
     * The service worker precaches the whole client (every screen's code and translations) in each new
     * context: CPU that only the offline tests look at. Files that do not ask for it get contexts that
     * block it, like a browser without service workers, where the app works online (docs/decisions/044).
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
) {
  let browser: Browser;
  let app: App | undefined;
  let pool: { end(): Promise<void> } | undefined;
  let database: Awaited<ReturnType<typeof cloneTemplateDatabase>> | undefined;
  const state = {
    db: undefined as unknown as Db,
    /** Connection string of this file's database (for a second app on the same data). */
    databaseUrl: '',
    /** A fresh browser context (cookies, storage) with optional viewport and locale. */
    async newContext(opts: ContextOptions = {}): Promise<BrowserContext> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        locale: opts.locale ?? 'en-US',
        ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
        colorScheme: opts.colorScheme ?? 'light',
        acceptDownloads: true,
        serviceWorkers: fileOpts.serviceWorkers ?? 'block',
        // The browser asks for less motion, as some people's do (index.css then turns animations off):
        // no frames drawn for dialogs fading in or pages scrolling smoothly, about a tenth of Chromium's
        // CPU in these tests (docs/decisions/026). The screens run keeps the motion its pictures show.
        reducedMotion: opts.reducedMotion ?? (allScreens ? 'no-preference' : 'reduce'),
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
      });
      // The app's theme is its own saved choice (boot.js), not the system's: a dark screen sets it.
      if (opts.colorScheme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
      // Without JavaScript there is no app to wait for: the page is what the server sent.
      if (opts.javaScriptEnabled !== false) context.on('page', waitForTheAppOnLoads);
      return context;
    },
    async newPage(opts?: ContextOptions): Promise<Page> {
      return (await state.newContext(opts)).newPage();
    },
    /**
     * Creates a user in the database and returns a page already signed in as them. An admin,
     * founder, responder or safeguarding lead enrols two-step verification through the API with a code computed here,
     * as the admin console and the callback inbox require (`totpSecret` is then theirs).
     */
    async signedInPage(overrides: UserOverrides = {}, opts?: ContextOptions) {
      const user = await createUser(state.db, overrides);
      const context = await state.newContext(opts);
      const token = await createSession(state.db, user.id, SESSION_POLICY);
      const totpSecret =
        isAdminRole(user.role) || user.isResponder || user.isSafeguardingLead ? await enrolTotp(`${SESSION_COOKIE}=${token}`) : undefined;
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
      return { user, page: await context.newPage(), context, totpSecret };
    },
  };

  /** Turns two-step verification on for the session in `cookie` (secret from the server, code computed here); returns the secret. */
  async function enrolTotp(cookie: string): Promise<string> {
    const setup = await fetch(`${baseUrl()}/api/account/mfa/totp/setup`, { method: 'POST', headers: { cookie } });
    if (!setup.ok) throw new Error(`TOTP set-up failed: ${setup.status} ${await setup.text()}`);
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await fetch(`${baseUrl()}/api/account/mfa/totp/confirm`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ code: await generate({ secret }) }),
    });
    if (!confirm.ok) throw new Error(`TOTP confirmation failed: ${confirm.status} ${await confirm.text()}`);
    return secret;
  }

  async function startServer() {
    database = await cloneTemplateDatabase(inject('databaseAdminUrl'));
    state.databaseUrl = database.url;
    const created = createDb(database.url, 2);
    state.db = created.db;
    pool = created.pool;
    const port = await freePort();
    app = await buildApp({
      // PUBLIC_URL: links in mails point at this server.
      config: loadConfig({
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        MFA_ENCRYPTION_KEY: TEST_MFA_KEY,
        LOCAL_MAILBOX: 'off',
        ...fileOpts.env,
      }),
      databaseUrl: database.url,
      clientDir: clientDir(),
      scryptCost: 12,
      // Many sign-ups and form posts come from 127.0.0.1 here; the API tests check the real limits.
      rateLimits: { auth: 1000, forms: 1000 },
      // Sending a job wakes its worker at once (`jobs.wake`): the workers' own polls only find retries,
      // which wait 30 s or more. Every 5 s instead of every 0.5 s: an idle server costs its process and
      // PostgreSQL 0.021 instead of 0.040 CPU-s a second, about 17 CPU-s over the browser tests.
      jobs: { pollingIntervalSeconds: 5 },
    });
    await app.listen({ port, host: '127.0.0.1' });
    fileServer = { app, port };
  }

  beforeAll(async () => {
    [browser] = await Promise.all([workerBrowser(), startServer()]);
  });
  // A failed test says what each open page showed (CI keeps only the log): its address, its visible
  // text, and a PNG under screenshots/failures/ for whoever reproduces it locally. Then what the test
  // opened is closed: a page left open keeps running its app (timers, queries, a turning spinner
  // drawing frames) while the next tests run. (One hook: vitest calls afterEach before onTestFailed.)
  afterEach(async ({ task }) => {
    const contexts = browser?.contexts() ?? [];
    if (task.result?.state === 'fail') {
      const pages = contexts.flatMap((c) => c.pages());
      for (const [i, page] of pages.entries()) {
        if (page.isClosed()) continue;
        const text = await page.evaluate(() => document.body.innerText).catch((err: unknown) => `(unreadable: ${String(err)})`);
        process.stderr.write(
          `\n--- page ${i + 1} of ${pages.length} at the failure of "${task.name}": ${page.url()}\n${text.replace(/\n{2,}/g, '\n').slice(0, 2000)}\n`,
        );
        const dir = path.resolve('screenshots/failures');
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}-${i + 1}.png`) }).catch(() => {});
      }
    }
    await Promise.all(contexts.map((c) => c.close()));
  });
  afterAll(async () => {
    // The browser stays for the worker's next file; what this file opened is closed (afterEach).
    await app?.close();
    await pool?.end();
    await database?.drop();
  });
  return state;
}

/**
 * The serious and critical WCAG 2.1 A/AA problems axe finds on the page (or only inside `include`, a
 * selector), one line each, prefixed with `where` when given (an empty list passes).
 */
export async function seriousViolations(page: Page, { where, include }: { where?: string; include?: string } = {}): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of opening a blank page per scan to gather the
  // frames' results (the app has no iframes), and only violations are collected in full: the same
  // findings at 0.35 instead of 0.55 CPU-s and 255 instead of 600 ms a scan (docs/decisions/026).
  let axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where ? `${where}: ` : ''}${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/**
 * Looks at the screen: nothing may be wider than the window (no sideways scrolling, checked in every
 * run). Under `npm run test:screens` it also saves a PNG under screenshots/ (not committed) for people
 * to look at; `fullPage: false` keeps what is in view (a dialog).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name}: the page is wider than the window`).toBeLessThanOrEqual(innerWidth);
  if (!allScreens) return;
  const dir = path.resolve('screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** The link of the last sign-up mail to `email`, from this file's outbox (the mail's own text; decision 037). */
export async function signUpLinkFor(db: Db, email: string): Promise<string> {
  return `/confirm-sign-up/${await signUpTokenFor(db, email)}`;
}

/** Answers the sign-up's consent questions (any language): month and year of birth, country, and the faith-data box. */
export async function fillConsent(
  page: Page,
  { year = '2000', month = '1', country = 'FR' }: { year?: string; month?: string; country?: string } = {},
) {
  await page.locator('select[autocomplete="bday-month"]').selectOption(month);
  await page.locator('select[autocomplete="bday-year"]').selectOption(year);
  await page.locator('select[autocomplete="country"]').selectOption(country);
  await page.locator('#faith-data-consent').click();
}

/**
 * Cuts this browser off the server, as a lost connection does: Chromium's offline emulation (the
 * page sees `navigator.onLine` false), and the server itself unreachable: it stops listening and
 * drops its open connections. Aborting the page's requests in Playwright's routes was not enough:
 * in a fresh-clone CI run a challenge tick was stored while "offline" although Playwright saw no
 * write answered (issue 30), most likely a request that went by way of the service worker, which
 * Playwright's routes and events do not see. A closed port stops every request, whoever sends it,
 * and at any moment. What the service worker answers from its caches still opens, as offline.
 */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  const { server } = fileServer!.app;
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
}

/** Undoes `goOffline`: the server listens again on its port, and the browser is back online. */
export async function goOnline(context: BrowserContext) {
  const { app, port } = fileServer!;
  app.server.listen(port, '127.0.0.1');
  await once(app.server, 'listening');
  await context.setOffline(false);
}
