import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '#test/postgres.ts';

import { CHROMIUM_PATH, fillConsent } from './fixtures.ts';

/**
 * The README's first hour, as a person lives it (issue 22): `npm start` on an empty data folder (the
 * built server with its own embedded PostgreSQL), the setup link read from what it prints, the
 * founder created through the page, two-step verification set up, the admin console opened; then a
 * learner signs up on the same laptop, finds the link in the local mailbox, skips the profile,
 * opens week 1, and the founder finds them in the directory.
 */
const serverEntry = path.resolve('dist/server/main.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'god-first-hour-'));
chmodSync(dataDir, 0o755);
let server: ChildProcess | undefined;
let browser: Browser | undefined;
let output = '';
let base = '';

beforeAll(async () => {
  if (!existsSync(serverEntry)) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
  const [port, pgPort] = [await freePort(), await freePort()];
  server = spawn(process.execPath, [serverEntry], {
    // What `npm start` gets on a laptop: no DATABASE_URL, no SMTP_URL, no PUBLIC_URL.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'data'),
      EMBEDDED_PG_PORT: String(pgPort),
      MFA_ENCRYPTION_KEY_FILE: path.join(dataDir, 'mfa-encryption.key'),
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      MFA_ENCRYPTION_KEY: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const started = new Promise<void>((resolve, reject) => {
    const check = () => /\/setup\/[A-Za-z0-9_-]{40,}/.test(output) && resolve();
    server!.stdout!.on('data', check);
    server!.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  [browser] = await Promise.all([
    chromium.launch({
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
    }),
    started,
  ]);
  base = `http://localhost:${port}`;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const pages: Page[] = [];
const newPage = async () => {
  const page = await (
    await browser!.newContext({ baseURL: base, locale: 'en-US', reducedMotion: 'reduce', serviceWorkers: 'block' })
  ).newPage();
  pages.push(page);
  return page;
};

// A failure says what each page showed and what the server printed (CI keeps only the log).
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const page of pages) {
    const text = await page.evaluate(() => document.body.innerText).catch(() => '(unreadable)');
    process.stderr.write(`\n--- ${page.url()}\n${text.slice(0, 1500)}\n`);
  }
  process.stderr.write(`\n--- server output\n${output.slice(-3000)}\n`);
});

/** The code an authenticator app shows now. */
const codeFor = (secret: string) => generate({ secret });

describe('the first hour of a new install', () => {
  it('founder from the printed link, two-step verification, the admin console; a learner signs up through the local mailbox and opens week 1', async () => {
    // The server says where to go, and where mail goes without SMTP_URL.
    const setupLink = /(http:\/\/localhost:\d+\/setup\/[A-Za-z0-9_-]{40,})/.exec(output)![1]!;
    expect(output).toContain(`${base}/local-mailbox`);

    // 1. The founder's account, through the setup page.
    const founder = await newPage();
    await founder.goto(setupLink);
    await founder.getByLabel('First name').fill('Phoebe');
    await founder.getByLabel('Last name').fill('Cenchreae');
    await founder.getByLabel('Email').fill('phoebe@example.org');
    await founder.getByLabel('Password').fill('a deacon who carried the letter to Rome');
    await founder.getByRole('button', { name: 'Create founder account' }).click();
    await founder.waitForURL((url) => url.pathname === '/');
    // Asked once of every account: month of birth, country, and the consent to keep faith data.
    await founder.getByRole('heading', { name: 'Before you start' }).waitFor();
    await fillConsent(founder, { year: '1980', month: '6' });
    await founder.getByRole('button', { name: 'Continue' }).click();
    await founder.getByRole('button', { name: 'Skip for now' }).click();
    await founder.waitForURL((url) => url.pathname === '/dashboard');

    // 2. The admin console asks for two-step verification first; it is set up in Settings.
    await founder.goto('/admin');
    const gate = founder.getByTestId('admin-mfa-required');
    await gate.getByRole('link', { name: 'Set up two-step verification' }).click();
    const section = founder.getByTestId('security-two-step');
    await section.getByRole('button', { name: 'Set up two-step verification' }).click();
    const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await section.getByLabel('6-digit code from the app').fill(await codeFor(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByTestId('recovery-codes').getByRole('button', { name: 'I have saved them' }).click();
    await founder.goto('/admin');
    await founder.getByTestId('admin-page').waitFor();

    // 3. A learner signs up on the same laptop; the mail is in the local mailbox.
    const learner = await newPage();
    await learner.goto('/login?tab=sign-up');
    await learner.getByLabel('First name').fill('Onesimus');
    await learner.getByLabel('Last name').fill('Colossae');
    await learner.getByRole('textbox', { name: 'Email' }).fill('onesimus@example.org');
    await learner.getByLabel('Password').fill('once useless now useful to you');
    await fillConsent(learner, { year: '2001', month: '3' });
    await learner.getByRole('button', { name: 'Create account' }).click();
    const checkMail = learner.getByTestId('sign-up-check-mail');
    await checkMail.waitFor();
    expect(await checkMail.getByRole('link', { name: 'open the local mailbox' }).getAttribute('href')).toBe('/local-mailbox');
    await learner.goto('/local-mailbox');
    const mail = learner.getByTestId('local-mail').filter({ hasText: 'onesimus@example.org' });
    await mail.waitFor();
    await mail.getByRole('link', { name: /\/confirm-sign-up\// }).click();
    await learner.getByRole('button', { name: 'Create my account' }).click();

    // 4. Onboarding can wait; week 1 opens from the dashboard.
    await learner.getByRole('button', { name: 'Skip for now' }).click();
    await learner.waitForURL((url) => url.pathname === '/dashboard');
    await learner.locator('a[href^="/lesson/"]').first().click();
    await learner.waitForURL((url) => url.pathname.startsWith('/lesson/'));
    await learner.getByText('Week 1 of 8').waitFor();
    await learner.getByRole('heading', { level: 1, name: 'New Life in Christ' }).waitFor();

    // 5. The founder finds the learner in the directory.
    await founder.getByTestId('directory-search').fill('Onesimus');
    await founder.getByTestId('directory-row').filter({ hasText: 'Onesimus Colossae' }).waitFor();
  });
});
