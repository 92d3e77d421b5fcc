import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDb, type Db } from '../server/db/client.ts';
import { createSession, SESSION_COOKIE } from '../server/modules/auth/session.ts';
import { createUser, type UserOverrides } from '../test/app.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseUrl = () => inject('baseUrl');

const SESSION_POLICY = { idleMs: 7 * 86_400_000, absoluteMs: 30 * 86_400_000 };

/**
 * One Chromium and one database connection per test file.
 * Usage: `const ctx = useBrowser();` then `await ctx.newPage()` inside tests.
 */
export interface ContextOptions {
  width?: number;
  height?: number;
  locale?: string;
  colorScheme?: 'light' | 'dark';
}

export function useBrowser() {
  let browser: Browser;
  let pool: { end(): Promise<void> };
  const state = {
    db: undefined as unknown as Db,
    /** A fresh browser context (cookies, storage) with optional viewport and locale. */
    async newContext(opts: ContextOptions = {}): Promise<BrowserContext> {
      return browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
        locale: opts.locale ?? 'en-US',
        colorScheme: opts.colorScheme ?? 'light',
        acceptDownloads: true,
      });
    },
    async newPage(opts?: ContextOptions): Promise<Page> {
      return (await state.newContext(opts)).newPage();
    },
    /** Creates a user in the database and returns a page already signed in as them. */
    async signedInPage(overrides: UserOverrides = {}, opts?: ContextOptions) {
      const user = await createUser(state.db, overrides);
      const context = await state.newContext(opts);
      await context.addCookies([{ name: SESSION_COOKIE, value: await createSession(state.db, user.id, SESSION_POLICY), url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
      return { user, page: await context.newPage(), context };
    },
  };
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const created = createDb(inject('databaseUrl'), 2);
    state.db = created.db;
    pool = created.pool;
  });
  afterAll(async () => {
    await browser?.close();
    await pool?.end();
  });
  return state;
}

/** Saves a screenshot under screenshots/ (not committed) for people to look at. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve('screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
