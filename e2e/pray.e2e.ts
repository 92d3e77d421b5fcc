import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { nextPrayerNights } from '#common/domain/prayer.ts';
import { prayerSettings } from '#server/db/schema/index.ts';
import { unsubscribeLinksFactory } from '#server/modules/mail/unsubscribe.ts';
import { createUser } from '#test/app.ts';

import { baseUrl, goOffline, goOnline, screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** The Pray page (issue 27, docs/decisions/075): the prayers, the prayer nights in the person's time, reminders, the calendar link. */
const ctx = useBrowser({ serviceWorkers: 'allow', env: { MINISTRY_TIME_ZONE: 'Europe/Paris' } });

/** The first prayer night as a person in `timeZone` reads it on the page. */
const firstNight = (timeZone: string) =>
  format(new TZDate(nextPrayerNights(new Date(), 'Europe/Paris', 1)[0]!.getTime(), timeZone), "EEEE, MMMM d 'at' h:mm a");

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

describe('the Pray page', () => {
  it("shows the prayers and the prayer nights in the person's time zone, saves a reminder, and gives and revokes the calendar link in Settings", async () => {
    const { page, user } = await ctx.signedInPage({ firstName: 'Hana' }, { timezoneId: 'Asia/Tokyo' });
    await page.goto('/dashboard');
    await page.getByTestId('pray-link').click();
    await page.getByTestId('pray-page').waitFor();
    for (const title of ['Morning prayer', 'Midday pause', 'Evening prayer', 'Prayer nights'])
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.getByTestId('prayer-session-morning').getByText('“In the morning, O LORD, You hear my voice;', { exact: false }).waitFor();
    // 20:00 in Paris is the small hours of the next day in Tokyo.
    const nights = page.getByTestId('prayer-night-times');
    await nights.getByText(firstNight('Asia/Tokyo')).waitFor();
    expect(firstNight('Asia/Tokyo')).toMatch(/at [345]:00 AM$/);
    await page
      .getByText('Shown in your time zone (Asia/Tokyo). The prayer nights are at 8 p.m. in the ministry’s time zone (Europe/Paris).')
      .waitFor();
    expect(await seriousViolations(page, { where: 'pray page' })).toEqual([]);
    await screenshot(page, 'pray-1280-light');

    // A reminder in quiet hours is refused before it is sent; the morning one is saved in Tokyo time.
    const reminders = page.getByTestId('prayer-reminders');
    await reminders.getByLabel('Remind me of the evening prayer').check();
    await reminders.getByLabel('Evening reminder time').fill('22:00');
    await reminders.getByRole('button', { name: 'Save my reminders' }).click();
    await reminders.getByText('This time is in your quiet hours: choose another time or change your quiet hours.').waitFor();
    await reminders.getByLabel('Remind me of the evening prayer').uncheck();
    await reminders.getByLabel('Remind me of the morning prayer').check();
    await reminders.getByLabel('Morning reminder time').fill('07:15');
    await reminders.getByLabel('Remind me an hour before each prayer night').check();
    await reminders.getByRole('button', { name: 'Save my reminders' }).click();
    await reminders.getByText('Your reminders are saved.').waitFor();
    const [saved] = await ctx.db.select().from(prayerSettings).where(eq(prayerSettings.userId, user.id));
    expect(saved).toMatchObject({
      timeZone: 'Asia/Tokyo',
      remindMorning: true,
      morningMinute: 7 * 60 + 15,
      remindEvening: false,
      remindNights: true,
      quietStart: 21 * 60,
      quietEnd: 7 * 60,
    });
    await page.getByTestId('prayer-session-morning').getByText('reminder at 07:15').waitFor();

    // The calendar file, in this device's time zone.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('prayer-download').click()]);
    expect(download.suggestedFilename()).toBe('prayer-rhythm.ics');
    const file = await (await download.createReadStream()).toArray();
    const ics = Buffer.concat(file.map((c) => Buffer.from(c))).toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART;TZID=Asia/Tokyo:');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20260105T200000');

    // The private link, made in Settings: it works without a session, then is turned off.
    await page.getByRole('link', { name: 'Subscribe with a private link' }).click();
    const section = page.getByTestId('settings-prayer-calendar');
    await section.getByText('You have no calendar link.').waitFor();
    await section.getByRole('button', { name: 'Make my calendar link' }).click();
    const address = section.getByLabel('Your private calendar address');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(new RegExp(`^${baseUrl()}/api/prayer/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Morning prayer');
    await section.getByText(/^Your calendar link has been on since /).waitFor();
    expect(
      await seriousViolations(page, { where: 'settings prayer calendar', include: '[data-testid="settings-prayer-calendar"]' }),
    ).toEqual([]);
    await screenshot(page, 'settings-prayer-calendar-1280-light');

    await section.getByRole('button', { name: 'Turn off the link' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn it off' }).click();
    await section.getByText('Your calendar link is turned off: calendars subscribed to it get nothing more.').waitFor();
    expect(await section.getByLabel('Your private calendar address').count()).toBe(0);
    expect((await fetch(url)).status).toBe(404);
  });

  it.each(
    screenVariants([
      { width: 390, colorScheme: 'light' as const },
      { width: 390, colorScheme: 'dark' as const },
      { width: 1280, colorScheme: 'dark' as const },
    ]),
  )('looks right at $width px, $colorScheme, in French', async ({ width, colorScheme }) => {
    const { page } = await ctx.signedInPage(
      { locale: 'fr' },
      { width, height: 844, colorScheme, locale: 'fr-FR', timezoneId: 'America/Montreal' },
    );
    await page.goto('/pray?lng=fr');
    await page.getByRole('heading', { name: 'Prière du matin' }).waitFor();
    await page.getByTestId('prayer-night-times').locator('li').first().waitFor();
    expect(await page.getByTestId('prayer-night-times').locator('li').first().textContent()).toMatch(/à 14:00$/);
    expect(await seriousViolations(page, { where: `pray ${width} ${colorScheme}` })).toEqual([]);
    await screenshot(page, `pray-${width}-${colorScheme}-fr`);
    await page.goto('/settings');
    await page.getByTestId('settings-prayer-calendar').getByText('Tu n’as pas de lien d’agenda.').waitFor();
    await screenshot(page, `settings-prayer-${width}-${colorScheme}-fr`);
  });

  it("a reminder mail's unsubscribe link asks first, then turns every prayer reminder off without signing in", async () => {
    const owner = await createUser(ctx.db);
    await ctx.db.insert(prayerSettings).values({
      userId: owner.id,
      timeZone: 'Europe/Paris',
      remindMorning: true,
      remindEvening: true,
      remindNights: true,
      morningMinute: 7 * 60 + 30,
      middayMinute: 12 * 60 + 30,
      eveningMinute: 20 * 60 + 30,
      quietStart: 21 * 60,
      quietEnd: 7 * 60,
    });
    const reminding = async () => {
      const [row] = await ctx.db.select().from(prayerSettings).where(eq(prayerSettings.userId, owner.id));
      return { morning: row!.remindMorning, evening: row!.remindEvening, nights: row!.remindNights };
    };
    // The address the reminder mail carries (its footer link and its List-Unsubscribe header).
    const { url } = await unsubscribeLinksFactory({ db: ctx.db, siteUrl: baseUrl() }).headersFor('prayer', owner.id);
    const page = await ctx.newPage({ width: 390, height: 844 });
    await page.goto(new URL(url).pathname);
    await page.getByRole('heading', { name: 'Stop prayer reminders?' }).waitFor();
    await page.getByText('You get a mail at the prayer times you chose and before the prayer nights.').waitFor();
    // Opening the page changed nothing.
    expect(await reminding()).toEqual({ morning: true, evening: true, nights: true });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You will no longer get prayer reminders. You can turn them back on from the Pray page.').waitFor();
    expect(await reminding()).toEqual({ morning: false, evening: false, nights: false });
    await screenshot(page, 'unsubscribe-prayer-done-390-light');
    await page.context().close();
  });

  it('opens its prayers offline once the app is installed', async () => {
    const { page, context } = await ctx.signedInPage({}, { width: 390, height: 844, timezoneId: 'Europe/Paris' });
    // On a phone the dashboard's header keeps the way to Pray without getting wider than the screen.
    await page.goto('/dashboard');
    await page.getByTestId('pray-card').getByRole('link', { name: 'Open the prayers' }).waitFor();
    await screenshot(page, 'dashboard-pray-390-light', { fullPage: false });
    await page.getByTestId('pray-link').click();
    await page.getByTestId('pray-page').waitFor();
    await waitForServiceWorker(page);
    // Read again once the worker is in charge, so the page's settings are kept too.
    await page.reload();
    await page.getByTestId('prayer-night-times').waitFor();
    await goOffline(context);
    await page.goto('/dashboard').catch(() => {});
    await page.goto('/pray');
    await page.getByRole('heading', { name: 'Evening prayer' }).waitFor();
    await page.getByTestId('prayer-session-evening').getByText('Father, thank You for today.', { exact: false }).waitFor();
    await page.getByTestId('prayer-night-times').getByText(firstNight('Europe/Paris')).waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await screenshot(page, 'pray-offline-390-light');
    await goOnline(context);
  });
});
