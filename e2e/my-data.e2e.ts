import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { users } from '#server/db/schema/index.ts';
import { createUser } from '#test/app.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** Issue 11, each person's data: the "Your data" section of /settings downloads a copy and deletes the account. */
const ctx = useBrowser();

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard');
}

describe('settings → your data', () => {
  it('downloads a copy of the data, then deletes the account with the password', async () => {
    const user = await createUser(ctx.db, { password: 'my own passphrase', firstName: 'Lydia', lastName: 'Purple' });
    const page = await ctx.newPage();
    await signIn(page, user.email, 'my own passphrase');
    await page.goto('/settings');
    const section = page.getByTestId('settings-your-data');
    await section.getByRole('heading', { name: 'Your data', exact: true }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^god-discipleship-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Lydia', lastName: 'Purple' });

    await section.getByRole('button', { name: 'Delete my account…' }).click();
    await section.getByLabel('Your password').fill('not my passphrase');
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await section.getByText('Your current password is not correct.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByLabel('Your password').fill('my own passphrase');
    await section.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
    expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);

    // The deleted account cannot sign in again.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('my own passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').first().waitFor();
    await page.context().close();
  });

  it.each(
    screenVariants([
      [390, 'light', 'fr-FR'],
      [1280, 'dark', 'en-US'],
      [390, 'dark', 'en-US'],
      [1280, 'light', 'fr-FR'],
    ] as const),
  )('reads well at %ipx (%s, %s) without serious accessibility problems', async (width, theme, locale) => {
    const { page } = await ctx.signedInPage({}, { width, height: 900, locale, colorScheme: theme });
    if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/settings');
    const section = page.getByTestId('settings-your-data');
    await section.getByRole('heading', { name: locale === 'fr-FR' ? 'Tes données' : 'Your data', exact: true }).waitFor();
    await section.getByTestId('your-data-delete-start').click();
    await section.getByTestId('your-data-delete-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `settings-your-data-${locale}-${width}-${theme}`, { fullPage: false });
    await page.context().close();
  });
});
