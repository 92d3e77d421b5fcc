import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { addDays, localDateOf } from '#common/domain/streak.ts';
import { trackDays, users } from '#server/db/schema/index.ts';

import { fillConsent, screenshot, screenVariants, seriousViolations, signUpLinkFor, useBrowser } from './fixtures.ts';

/**
 * The 7-day new-believer track (issue 27, docs/decisions/074): from the landing page's promise,
 * through sign-up, one day per calendar day, to the invitation into the 8-week course; and the
 * mentor who sees where the disciple stands. "The next day" is reached the way the other browser
 * tests move time: the days already done are moved one calendar day back in the database.
 */
const ctx = useBrowser();

/** As if a night had passed: every day this learner did moves one calendar day back. */
const aNightPasses = (userId: string) =>
  ctx.db
    .update(trackDays)
    .set({ doneOn: sql`${trackDays.doneOn} - 1` })
    .where(eq(trackDays.userId, userId));

describe('the 7-day new-believer track', () => {
  it('leads a visitor from the landing page through sign-up to day 1, one day at a time to day 7, then into the 8-week course; the mentor sees it', async () => {
    const page = await ctx.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('landing-track-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'track-landing-card-en-390-light', { fullPage: false });
    await page.getByTestId('landing-track-card').click();
    // A visitor is sent through sign-up, the sign-up tab open.
    await page.waitForURL(/\/login\?tab=sign-up&returnTo=%2Ftrack$/);
    const email = `track-${Date.now()}@example.org`;
    await page.getByRole('tab', { name: 'Create account', selected: true }).waitFor();
    await page.getByLabel('First name').fill('Noa');
    await page.getByLabel('Last name').fill('Newlife');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a brand new morning song');
    await fillConsent(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('sign-up-check-mail').waitFor();
    await page.goto(await signUpLinkFor(ctx.db, email));
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/dashboard$/);
    const [learner] = await ctx.db.select().from(users).where(eq(users.email, email));

    // New, nothing of the course passed: the track is the first step on the dashboard.
    const card = page.getByTestId('track-card');
    expect(await card.getAttribute('data-state')).toBe('lead');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('link', { name: 'Start day 1' }).click();
    await page.getByTestId('track-day-page').waitFor();
    await page.getByRole('heading', { name: 'Welcome to a new life' }).waitFor();
    expect(await page.getByText('Therefore if anyone is in Christ, he is a new creation.', { exact: false }).count()).toBe(1);
    // No pass mark: any answer finishes the day, then the feedback shows the right one.
    await page.getByTestId('track-finish').click();
    await page.getByText('Pick an answer first.').waitFor();
    await page.getByLabel('Nothing changes until they feel different').check();
    await page.getByTestId('track-finish').click();
    await page.getByTestId('track-feedback').getByText('The answer is: They are a new creation: God gives them a new life').waitFor();
    await page.getByTestId('track-day-done').getByText('Day 2 opens tomorrow.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The same day, day 2 does not open: not from the track, not by its address.
    await page.getByTestId('track-day-next').click();
    await page.getByTestId('track-page').waitFor();
    expect(await page.getByTestId('track-day-2').getAttribute('data-status')).toBe('tomorrow');
    expect(await page.getByTestId('track-day-2').getByRole('link').count()).toBe(0);
    await page.goto('/track/day/2');
    await page.getByTestId('track-day-locked').getByText('Day 2 opens tomorrow.', { exact: false }).waitFor();

    // The next day, and each next day after, the next day opens.
    for (let day = 2; day <= 7; day++) {
      await aNightPasses(learner!.id);
      await page.goto('/track');
      const row = page.getByTestId(`track-day-${day}`);
      expect(await row.getAttribute('data-status')).toBe('today');
      await row.getByRole('link').click();
      await page.getByTestId('track-day-page').waitFor();
      await page.locator('input[type="radio"]').first().check();
      await page.getByTestId('track-finish').click();
      await page.getByTestId('track-feedback').waitFor();
    }
    const done = await ctx.db.select().from(trackDays).where(eq(trackDays.userId, learner!.id)).orderBy(trackDays.day);
    const today = localDateOf(new Date());
    expect(done.map((d) => [d.day, d.doneOn])).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => [day, addDays(today, day - 7)]));

    // The end: the invitation into the 8-week course, and to ask for a mentor.
    await page.getByTestId('track-day-next').click();
    await page.waitForURL(/\/track\/done$/);
    await page.getByRole('heading', { name: 'You did it: 7 days with Jesus!' }).waitFor();
    await page.getByTestId('track-streak').getByText('7 days in a row').waitFor();
    await page.getByTestId('track-mentor').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('track-course-invite').getByRole('link', { name: 'Start the 8-week course' }).click();
    await page.waitForURL(/\/lesson\//);
    await page.context().close();

    // A mentor sees where this disciple stands, in the tree and in the week panel.
    const { user: mentor, page: mentorPage } = await ctx.signedInPage({ firstName: 'Maya', lastName: 'Mentor' }, { width: 1280 });
    await ctx.db.update(users).set({ mentorId: mentor.id }).where(eq(users.id, learner!.id));
    await mentorPage.goto('/disciple-tree');
    expect(await mentorPage.getByTestId('tree-track-days').textContent()).toBe('7-day track: 7/7 days');
    expect(await mentorPage.getByTestId('week-track-days').textContent()).toBe('7-day track: 7/7');
    expect(await seriousViolations(mentorPage)).toEqual([]);
  });

  it('lets someone who has followed Jesus for a while skip it, and take it up again', async () => {
    const { page } = await ctx.signedInPage({}, { width: 1280 });
    await page.goto('/dashboard');
    await page.getByTestId('track-skip').click();
    await page.getByTestId('track-card').and(page.locator('[data-state="quiet"]')).waitFor();
    await page.getByTestId('track-card').getByRole('link', { name: 'See the track' }).click();
    await page.getByRole('button', { name: 'Take up the track' }).click();
    await page.getByTestId('track-day-1').getByRole('link').waitFor();
    await page.goto('/dashboard');
    expect(await page.getByTestId('track-card').getAttribute('data-state')).toBe('lead');
  });

  it('gives the witness a link to share from the evangelism tools’ follow-up step, which leads a visitor to sign up', async () => {
    const { page } = await ctx.signedInPage({}, { width: 390, height: 844 });
    await page.goto('/evangelism-tools');
    await page.getByRole('tab', { name: 'Witnessing Guide' }).click();
    const url = await page.getByTestId('track-share-url').inputValue();
    expect(url).toMatch(/\/track$/);
    const visitor = await ctx.newPage();
    await visitor.goto(url);
    await visitor.waitForURL(/\/login\?tab=sign-up&returnTo=%2Ftrack$/);
    await visitor.getByRole('tab', { name: 'Create account', selected: true }).waitFor();
  });

  for (const [width, theme, lang] of screenVariants([
    [390, 'light', 'en'],
    [1280, 'dark', 'fr'],
    [390, 'dark', 'fr'],
    [1280, 'light', 'en'],
  ] as const))
    it(`looks right at ${width}px (${theme}, ${lang}): the dashboard card, the track, a day, a locked day and the end`, async () => {
      const locale = lang === 'fr' ? 'fr-FR' : 'en-US';
      const { user, page } = await ctx.signedInPage({ locale: lang }, { width, locale, colorScheme: theme });
      const name = (what: string) => `track-${what}-${lang}-${width}-${theme}`;
      const today = localDateOf(new Date());
      await ctx.db.insert(trackDays).values(
        [1, 2].map((day) => ({
          userId: user.id,
          courseId: sql`(select id from courses where kind = 'track')` as unknown as string,
          day,
          doneOn: addDays(today, day - 3),
          answer: 1,
        })),
      );
      await page.goto('/dashboard');
      await page.getByTestId('track-card').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name('dashboard'));
      await page.goto('/track');
      await page.getByTestId('track-page').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name('page'));
      await page.goto('/track/day/3');
      await page.getByTestId('track-day-page').waitFor();
      await page.locator('input[type="radio"]').nth(2).check();
      await page.getByTestId('track-finish').click();
      await page.getByTestId('track-feedback').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name('day'));
      await page.goto('/track/day/4');
      await page.getByTestId('track-day-locked').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name('locked'));
      await ctx.db.insert(trackDays).values(
        [4, 5, 6, 7].map((day) => ({
          userId: user.id,
          courseId: sql`(select id from courses where kind = 'track')` as unknown as string,
          day,
          doneOn: addDays(today, day - 3),
          answer: 0,
        })),
      );
      await ctx.db
        .update(trackDays)
        .set({ doneOn: sql`${trackDays.doneOn} - 4` })
        .where(eq(trackDays.userId, user.id));
      await page.goto('/track/done');
      await page.getByTestId('track-done-page').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, name('done'));
    });
});
