import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { addDays, localDateOf } from '#common/domain/streak.ts';
import { trackDays } from '#server/db/schema/index.ts';

import { goOffline, goOnline, useBrowser } from './fixtures.ts';

/**
 * The 7-day track offline (docs/decisions/074, 044): its texts and the learner's days are kept by
 * the service worker, a day done without a connection waits on the device and is sent once when the
 * connection comes back.
 */
const ctx = useBrowser({ serviceWorkers: 'allow' });

/** Waits until the service worker has installed (precache done) and controls the page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

describe('the 7-day track offline', () => {
  it('opens the day of today without a network, keeps it done on the device, and sends it once back online', async () => {
    const { user, page, context } = await ctx.signedInPage({ firstName: 'Ola' }, { width: 390, height: 844 });
    // Day 1 was done yesterday: day 2 is today's.
    await ctx.db.insert(trackDays).values({
      userId: user.id,
      courseId: sql`(select id from courses where kind = 'track')` as unknown as string,
      day: 1,
      doneOn: addDays(localDateOf(new Date()), -1),
      answer: 1,
    });
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    await waitForServiceWorker(page);
    // Reads made once the worker is in charge are kept: the track's texts and days.
    await page.reload();
    await page.getByTestId('track-card').getByRole('link', { name: 'Open day 2' }).waitFor();
    await page.waitForLoadState('networkidle');

    await goOffline(context);
    await page.goto('/track/day/2');
    await page.getByRole('heading', { level: 1, name: 'Forgiven, for real' }).waitFor();
    await page.locator('input[type="radio"]').nth(2).check();
    await page.getByTestId('track-finish').click();
    await page.getByTestId('track-day-done').getByText('You’re offline: this day is saved on this device', { exact: false }).waitFor();
    expect(await ctx.db.$count(trackDays, eq(trackDays.userId, user.id))).toBe(1);

    await goOnline(context);
    // The app notices the connection is back (its probe, every 5 s) and sends the day.
    await expect
      .poll(() => ctx.db.$count(trackDays, and(eq(trackDays.userId, user.id), eq(trackDays.day, 2))), {
        timeout: 30_000,
        message: 'day 2 sent within 30 s of the connection coming back',
      })
      .toBe(1);
    const [day2] = await ctx.db
      .select()
      .from(trackDays)
      .where(and(eq(trackDays.userId, user.id), eq(trackDays.day, 2)));
    expect(day2).toMatchObject({ doneOn: localDateOf(new Date()), answer: 2 });
    await page.getByText('You’re offline: this day is saved on this device', { exact: false }).waitFor({ state: 'detached' });
  });
});
