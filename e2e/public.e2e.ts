import { desc, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { redFlagItems, soulCheckSections } from '#common/domain/soul-check.ts';
import { callbackRequests, watchmomsApplications } from '#server/db/schema/index.ts';
import { downloadedModules, readModuleMap } from '#test/client-bundle.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser, type ContextOptions } from './fixtures.ts';
import { clientDir } from './global-setup.ts';

/**
 * Issue 4 end to end: the landing page (en, fr), the WatchMoms application, the Soul Health Check
 * (no request, nothing stored), a callback request, with accessibility scans and screenshots.
 */
// Two social accounts configured: the landing page shows those two buttons and no other.
const ctx = useBrowser({
  env: { SOCIAL_INSTAGRAM_URL: 'https://instagram.com/example', SOCIAL_YOUTUBE_URL: 'https://youtube.com/@example' },
});

async function openPage(opts: ContextOptions & { dark?: boolean } = {}): Promise<Page> {
  const page = await ctx.newPage(opts);
  if (opts.dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  return page;
}

/** What is on screen (a dialog stays in view). */
const viewportShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/**
 * Waits for the page to settle, then returns a list that records every request made from now on,
 * except downloads of the app's own code and texts (GET /assets/, /locales/): they carry nothing the
 * person did, and the check fetches its results' code when the browser is idle, which under load can
 * come after the page looked settled.
 */
async function recordRequests(page: Page) {
  await page.waitForLoadState('networkidle');
  const urls: string[] = [];
  page.on('request', (r) => {
    const { origin, pathname } = new URL(r.url());
    const isOwnCode = r.method() === 'GET' && origin === new URL(page.url()).origin && /^\/(assets|locales)\//.test(pathname);
    if (!isOwnCode) urls.push(`${r.method()} ${r.url()}`);
  });
  return urls;
}

describe('landing page', () => {
  it('shows every section, the fixed facts and working buttons in English, prerendered with only its small script', async () => {
    const page = await openPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await page.waitForLoadState('networkidle');

    // The server's HTML (docs/decisions/057) with its one small script and boot.js: no React, no
    // translations to fetch, no screen of the app, and not the application form until it is wanted.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-prerendered'))).toBe(true);
    expect(downloadedModules(readModuleMap(clientDir()), scripts)).toEqual([
      'client/src/features/landing/static/landing-static.ts',
      'client/landing.html',
    ]);
    expect(scripts.filter((s) => s !== '/boot.js' && !/^\/assets\/landing-[\w-]+\.js$/.test(s))).toEqual([]);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Grow in faith. Walk it out together.');
    for (const title of [
      'About us',
      'Our values',
      'Our vision',
      'Our mission',
      'Leadership',
      'WatchMoms',
      'Questions & answers',
      'Contact us',
    ])
      expect(await page.getByRole('heading', { name: title, exact: true }).count(), title).toBe(1);

    // Fixed facts of spec section 1
    for (const fact of [
      '3 daily prayer sessions',
      'Every Monday and Thursday at 8 p.m.',
      '3–11',
      '13–17',
      '18–25',
      '7-day new-believer track',
      'A 5-step witnessing guide and a 3-minute testimony',
    ])
      expect(await page.getByText(fact).count(), fact).toBeGreaterThan(0);

    // 16 questions and answers; an answer opens
    const questions = page.getByTestId('qa-list').getByRole('button');
    expect(await questions.count()).toBe(16);
    await questions.nth(2).click();
    await page.getByText('The course is free. Some optional workshops may have a small fee').waitFor();

    // 6 ambassador placeholders, all coming soon (and board, founder, mentor too)
    const ambassadors = page.getByTestId('ambassador-placeholders').getByRole('listitem');
    expect(await ambassadors.count()).toBe(6);
    expect(await page.getByTestId('ambassador-placeholders').getByText('Coming soon').count()).toBe(6);
    expect(await page.locator('#leadership').getByText('Coming soon').count()).toBe(9);

    // Buttons: Start Your Journey and Login go to /api/login; the final call to action has two login buttons
    expect(await page.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Start as a student' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'support@god-movement.org' }).getAttribute('href')).toBe('mailto:support@god-movement.org');
    // Only the configured social accounts have a button.
    expect(await page.getByTestId('social-links').getByRole('link').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/example');

    // Header links scroll to their section
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leadership' }).click();
    await page.waitForURL(/#leadership$/);
    await expect.poll(() => page.locator('#leadership').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);

    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'public-landing-en-1280-light');

    await page.getByRole('link', { name: 'Wellness Check' }).click();
    await page.getByTestId('soul-health-check').waitFor();
    expect(new URL(page.url()).pathname).toBe('/soul-health-check');
    await page.context().close();
  });

  it('is in French for a French browser, and shows social buttons only for configured accounts', async () => {
    const page = await openPage({ locale: 'fr-FR', width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Grandir dans la foi. Avancer ensemble.');
    await page.getByRole('heading', { name: 'Qui sommes-nous' }).waitFor();
    await page.getByText('Chaque lundi et jeudi à 20 h').first().waitFor();
    expect(await page.getByTestId('qa-list').getByRole('button').count()).toBe(16);
    expect(await page.getByTestId('ambassador-placeholders').getByText('Bientôt').count()).toBe(6);
    expect(await page.getByRole('link', { name: 'Commencer mon parcours' }).getAttribute('href')).toBe('/api/login');

    const social = page.getByTestId('social-links').getByRole('link');
    expect(await social.count()).toBe(2);
    expect(await social.nth(0).getAttribute('href')).toBe('https://instagram.com/example');
    expect(await page.getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe('https://youtube.com/@example');
    expect(await page.getByRole('link', { name: 'Facebook' }).count()).toBe(0);

    // On a phone, login and the language are in the header without opening the menu.
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Connexion' }).isVisible()).toBe(true);
    expect(await header.getByTestId('language-switcher').isVisible()).toBe(true);
    expect(await header.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
    expect(await page.locator('#landing-menu').isHidden()).toBe(true);

    // The phone menu opens and its links scroll
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#landing-menu').getByRole('link', { name: 'Questions' }).click();
    await page.waitForURL(/#qa$/);
    expect(await page.locator('#landing-menu').isHidden()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'public-landing-fr-390-light');

    // Another language brings the page back in it, and the app's pages follow.
    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Grow in faith. Walk it out together.' }).waitFor();
    expect(await header.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    await page.getByRole('link', { name: 'Wellness Check' }).click();
    await page.getByRole('heading', { level: 1, name: 'Soul Health Check' }).waitFor();
    await page.context().close();
  });

  it.each(
    screenVariants([
      [390, true],
      [1280, false],
      [390, false],
      [1280, true],
    ] as const),
  )('looks right at %ipx (dark: %s) with no serious accessibility problem', async (width, dark) => {
    const page = await openPage({ width, height: width > 500 ? 900 : 844, dark });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `public-landing-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
});

describe('WatchMoms application', () => {
  it('refuses an invalid form without sending it, then stores a valid one, thanks for 3 s and closes', async () => {
    const page = await openPage();
    await page.goto('/#watchmoms');
    await page.getByTestId('landing-page').waitFor();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });

    await page.getByRole('button', { name: 'Join WatchMoms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join WatchMoms' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await dialog.getByText('Please fill in all required fields and check the consent box.').waitFor();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid phone number',
      'Country is required',
      'City & State/Province is required',
      'Church affiliation is required',
      'Please provide at least 20 characters',
      'You must consent to continue',
    ])
      await dialog.getByText(message, { exact: true }).waitFor();
    await viewportShot(page, 'public-watchmoms-invalid-1280-light');
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Full name').fill('Ruth Desravines');
    await dialog.getByLabel('Phone number').fill('+1 (617) 555-0134');
    await dialog.getByLabel('Month').selectOption({ label: 'February' });
    await dialog.getByLabel('Day').selectOption('31');
    await dialog.getByLabel('Year').selectOption('1979');
    expect(await dialog.getByLabel('Country').locator('option').count()).toBeGreaterThan(185);
    await dialog.getByLabel('Country').selectOption({ label: 'Korea, South' });
    await dialog.getByLabel('Country').selectOption({ label: 'Haiti' });
    await dialog.getByLabel('City and state or province').fill('Boston, Massachusetts');
    await dialog.getByLabel('Church denomination or affiliation').fill('Église Baptiste Haïtienne');
    await dialog.getByLabel('Why would you like to join?').fill('Too short.');
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await dialog.getByText('Please choose a date that exists').waitFor();
    await dialog.getByText('Please provide at least 20 characters').waitFor();
    expect(posts).toEqual([]);

    await dialog.getByLabel('Day').selectOption('28');
    await dialog
      .getByLabel('Why would you like to join?')
      .fill('I pray for my sons every night and I want to pray alongside other mothers.');

    // A server failure keeps the form open with a destructive toast.
    await page.route('**/api/watchmoms-applications', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'DATABASE_UNAVAILABLE', message: 'down' }),
      }),
    );
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Submission Failed', { exact: true }).waitFor();
    await page.getByText('The service is temporarily unavailable. Please try again shortly.', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Ruth Desravines');
    await page.unroute('**/api/watchmoms-applications');

    await dialog.getByRole('button', { name: 'Submit application' }).click();
    const thanks = page.getByRole('dialog', { name: 'Thank You' });
    await thanks.waitFor();
    const shownAt = Date.now();
    await thanks.getByText('We received your application. A team member will reach out shortly.').waitFor();
    // The error of the failed attempt is gone.
    await page.getByText('Submission Failed', { exact: true }).waitFor({ state: 'hidden' });
    await viewportShot(page, 'public-watchmoms-thanks-1280-light');
    await thanks.waitFor({ state: 'detached' });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4500);

    const [row] = await ctx.db.select().from(watchmomsApplications).where(eq(watchmomsApplications.fullName, 'Ruth Desravines'));
    expect(row).toMatchObject({
      phone: '+1 (617) 555-0134',
      birthdate: '1979-02-28',
      country: 'Haiti',
      cityState: 'Boston, Massachusetts',
      streetAddress: null,
      churchAffiliation: 'Église Baptiste Haïtienne',
      consent: true,
      status: 'new',
    });
    expect(row!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    // The form was reset for the next person.
    await page.getByRole('button', { name: 'Join WatchMoms' }).click();
    expect(await page.getByRole('dialog', { name: 'Join WatchMoms' }).getByLabel('Full name').inputValue()).toBe('');
    await page.context().close();
  });

  it.each(
    screenVariants([
      [390, true],
      [390, false],
      [1280, true],
    ] as const),
  )('shows the dialog in French with country and month names in French (%ipx, dark: %s)', async (width, dark) => {
    const page = await openPage({ locale: 'fr-FR', width, height: width > 500 ? 900 : 844, dark });
    await page.goto('/');
    await page.getByRole('button', { name: 'Rejoindre WatchMoms' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rejoindre WatchMoms' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Pays').locator('option', { hasText: 'Allemagne' }).count()).toBe(1);
    expect(await dialog.getByLabel('Pays').locator('option', { hasText: 'Corée du Sud' }).count()).toBe(1);
    expect(await dialog.getByLabel('Mois').locator('option', { hasText: 'février' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    await dialog.getByText('Le nom doit comporter au moins 2 caractères').waitFor();
    await dialog.getByText('Tu dois donner ton accord pour continuer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await viewportShot(page, `public-watchmoms-fr-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
});

/**
 * Answers the questions of the current section: the first `yes` of them "Yes", the others "Sometimes"
 * or "No" ("No" for a red-flag question, which "Sometimes" can raise: docs/decisions/061).
 */
async function answerSection(page: Page, section: number, yes: number) {
  const next = page.getByRole('button', { name: section === 4 ? 'See Results' : 'Next Section' });
  const { id, questionCount } = soulCheckSections[section]!;
  for (let q = 0; q < questionCount; q++) {
    expect(await next.isDisabled()).toBe(true);
    const isRedFlag = redFlagItems.some((f) => f.section === id && f.question === q);
    const answer = q < yes ? 'Yes' : q % 2 && !isRedFlag ? 'Sometimes' : 'No';
    await page.getByTestId(`question-${section}-${q}`).getByText(answer, { exact: true }).click();
  }
  expect(await next.isEnabled()).toBe(true);
  await next.click();
}

const storageSnapshot = (page: Page) =>
  page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));

describe('Soul Health Check', () => {
  it("shows its introduction from the server's HTML, then the app takes over without a loading screen in between", async () => {
    // Before any script has run (or where none runs): the title, the verse and what the check is not.
    const bare = await openPage({ javaScriptEnabled: false, width: 390, height: 844 });
    await bare.goto('/soul-health-check');
    expect(await bare.getByRole('heading', { level: 1 }).textContent()).toBe('Soul Health Check');
    expect(
      await bare.getByTestId('not-a-diagnosis').getByText('This check is a screening to help you reflect.', { exact: false }).isVisible(),
    ).toBe(true);
    await bare.context().close();

    // With the app: from the first paint to the questions, the title never leaves and no loading screen shows.
    const page = await openPage({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const seen = { titleGone: false, loading: false, titleSeen: false };
      (window as unknown as { takeover: typeof seen }).takeover = seen;
      new MutationObserver(() => {
        const title = !!document.querySelector('h1');
        if (title) seen.titleSeen = true;
        else if (seen.titleSeen) seen.titleGone = true;
        // The loading screens (components/layout/loading-screen.tsx) fill the page.
        if (document.querySelector('[role="status"].min-h-dvh')) seen.loading = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/soul-health-check');
    await page.getByTestId('question-0-0').waitFor();
    await page.getByTestId('emergency-line').waitFor();
    expect(await page.evaluate(() => (window as unknown as { takeover: unknown }).takeover)).toEqual({
      titleGone: false,
      loading: false,
      titleSeen: true,
    });
    await page.context().close();
  });

  it('reaches each level with no request sent and nothing stored; Take Again clears everything', async () => {
    const page = await openPage({ timezoneId: 'America/Chicago' });
    await page.goto('/soul-health-check');
    await page.getByTestId('soul-health-check').waitFor();
    await page.getByText('Search me, O God, and know my heart; test me and know my concerns.').waitFor();
    // Before the first question: a screening, nobody reads live, the emergency number of the country.
    const notice = page.getByTestId('not-a-diagnosis');
    await notice.getByText('It is not a diagnosis', { exact: false }).waitFor();
    await notice.getByText('Nobody reads your answers live.', { exact: false }).waitFor();
    await notice.getByText('In immediate danger, call 911 now.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    const before = await storageSnapshot(page);
    const requests = await recordRequests(page);

    await page.getByText('Section 1 of 5').waitFor();
    await page.getByText('0%', { exact: true }).waitFor();
    await screenshot(page, 'public-soul-check-1280-light');
    expect(await seriousViolations(page)).toEqual([]);

    // First run: 0, 1, 2, 3 and 4 "Yes" answers.
    const first = [0, 1, 2, 3, 4];
    for (let s = 0; s < 5; s++) {
      await page.getByText(`Section ${s + 1} of 5`).waitFor();
      await page.getByText(`${s * 20}%`, { exact: true }).waitFor();
      if (s > 0) {
        // Previous keeps the answers of the section before.
        await page.getByRole('button', { name: 'Previous' }).click();
        expect(
          await page
            .getByTestId(`question-${s - 1}-0`)
            .locator('input:checked')
            .count(),
        ).toBe(1);
        await page.getByRole('button', { name: 'Next Section' }).click();
      }
      await answerSection(page, s, first[s]!);
    }
    const results = page.getByTestId('soul-check-results');
    await results.waitFor();
    const levels = async () =>
      Promise.all(
        ['heart', 'mind', 'habits', 'relationships', 'purpose'].map((id) => page.getByTestId(`result-${id}`).getAttribute('data-level')),
      );
    expect(await levels()).toEqual(['healthy', 'healthy', 'growth', 'growth', 'support']);
    // Healthy: affirmation only. Growth: scripture and challenge. Support: also 'Needs Support' and an invitation.
    await page.getByTestId('result-heart').getByText('Your heart looks guarded and open to God.', { exact: false }).waitFor();
    expect(await page.getByTestId('result-heart').getByText('Challenge').count()).toBe(0);
    await page.getByTestId('result-habits').getByText('3-day focus challenge').waitFor();
    await page.getByTestId('result-habits').getByText('Psalm 127:2').waitFor();
    await page.getByTestId('result-purpose').getByText('Needs Support').waitFor();
    await page.getByTestId('result-purpose').getByText('5-day Daniel focus').waitFor();
    await page.getByTestId('result-purpose').getByRole('button', { name: 'Talk to an ambassador' }).waitFor();
    expect(await page.getByText('Needs Support').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Call 988' }).first().getAttribute('href')).toBe('tel:988');
    await page
      .getByTestId('not-a-diagnosis')
      .getByText('This check is a screening to help you reflect. It is not a diagnosis', { exact: false })
      .waitFor();
    await page.getByTestId('not-a-diagnosis').getByText('Nobody reads your answers live.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'public-soul-check-results-1280-light');

    // Connect with Ambassador scrolls to the support block.
    await page.getByRole('button', { name: 'Connect with Ambassador' }).click();
    await expect
      .poll(() => page.getByTestId('support-block').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(100);

    // Take Again: back to section 1 with nothing kept; second run covers 5 "Yes" and the other boundaries.
    await page.getByRole('button', { name: 'Take Again' }).click();
    await page.getByText('Section 1 of 5').waitFor();
    expect(await page.locator('input[type=radio]:checked').count()).toBe(0);
    const second = [5, 4, 3, 2, 1];
    for (let s = 0; s < 5; s++) await answerSection(page, s, second[s]!);
    await results.waitFor();
    expect(await levels()).toEqual(['support', 'support', 'growth', 'growth', 'healthy']);

    expect(requests).toEqual([]);
    expect(await storageSnapshot(page)).toBe(before);
    expect(await page.context().cookies()).toEqual([]);
    await page.context().close();
  });

  it.each(
    screenVariants([
      [390, false],
      [390, true],
      [1280, true],
    ] as const),
  )('works in French at %ipx (dark: %s) without serious accessibility problems', async (width, dark) => {
    const page = await openPage({ locale: 'fr-FR', width, height: width > 500 ? 900 : 844, dark });
    await page.goto('/soul-health-check');
    await page.getByRole('heading', { name: "Bilan de santé de l'âme" }).waitFor();
    await page.getByRole('heading', { name: 'Cœur et pureté' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `public-soul-check-fr-${width}-${dark ? 'dark' : 'light'}`);
    const requests = await recordRequests(page);
    for (let s = 0; s < 5; s++) {
      for (let q = 0; q < soulCheckSections[s]!.questionCount; q++)
        await page
          .getByTestId(`question-${s}-${q}`)
          .getByText(s === 1 ? 'Oui' : 'Non', { exact: true })
          .click();
      await page.getByRole('button', { name: s === 4 ? 'Voir les résultats' : 'Partie suivante' }).click();
    }
    await page.getByTestId('result-mind').getByText('Besoin de soutien').waitFor();
    expect(requests).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `public-soul-check-results-fr-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
});

describe('counselor support block', () => {
  it('shows hotlines for mental health, filters ambassadors, refuses missing fields and stores a callback request', async () => {
    const page = await openPage({ width: 390, height: 844, timezoneId: 'America/New_York' });
    await page.goto('/soul-health-check');
    // Two "Yes" about habits: room to grow there, so the results' band is yellow.
    for (let s = 0; s < 5; s++) await answerSection(page, s, s === 2 ? 2 : 0);
    const block = page.getByTestId('support-block');
    await block.waitFor();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });

    // Band 'yellow' and not forced: hotlines only once 'mental' is the category.
    expect(await page.getByTestId('hotlines').count()).toBe(0);
    expect(await page.getByTestId('support-ambassadors').getByRole('button').count()).toBe(5);
    await block.getByLabel('What would you like to talk about?').selectOption('mental');
    const hotlines = page.getByTestId('hotlines');
    await hotlines.waitFor();
    // The United States' line (the browser's time zone), with its three ways.
    expect(await hotlines.getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe('tel:988');
    expect(await hotlines.getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe('sms:988');
    expect(await hotlines.getByRole('link', { name: 'Chat online' }).getAttribute('href')).toBe('https://988lifeline.org/chat/');
    expect(await page.getByTestId('support-ambassadors').getByRole('button').count()).toBe(2);
    await screenshot(page, 'public-support-hotlines-390-light');
    await block.getByLabel('What would you like to talk about?').selectOption('spiritual');
    expect(await page.getByTestId('hotlines').count()).toBe(0);
    expect(await page.getByTestId('support-ambassadors').getByRole('button').count()).toBe(1);
    await block.getByLabel('What would you like to talk about?').selectOption('');

    // Missing fields: a destructive toast and nothing sent.
    await block.getByRole('button', { name: 'Request a callback' }).click();
    await page.getByText('Please fill in the required fields and tick the consent box.', { exact: true }).waitFor();
    await block.getByText('Please choose a category').waitFor();
    expect(posts).toEqual([]);

    // Clicking an ambassador chooses its category.
    await page
      .getByTestId('support-ambassadors')
      .getByRole('button', { name: /Stress & anxiety/ })
      .click();
    expect(await block.getByLabel('What would you like to talk about?').inputValue()).toBe('mental');
    await block.getByLabel('Your first name').fill('  Noah  ');
    await block.getByLabel('Phone number').fill('+1 404 555 0188');
    // Without a way of contact, a voicemail answer and the consent, nothing is sent.
    await block.getByRole('button', { name: 'Request a callback' }).click();
    await block.getByText('Please choose how we should contact you').waitFor();
    await block.getByText('Please say whether we may leave a voicemail').waitFor();
    await block.getByText('Please agree that the support team may see your request').waitFor();
    expect(posts).toEqual([]);
    await block.getByTestId('callback-contactMethod').getByLabel('WhatsApp').check();
    await block.getByTestId('callback-voicemail').getByLabel("No, please don't").check();
    await block.getByLabel('A good time to reach you (optional)').fill('after school');
    expect(await block.getByLabel('Language to speak').inputValue()).toBe('en');
    await block.getByLabel('Language to speak').selectOption('es');
    await block
      .getByText('the G.O.D support team (support ambassadors, coordinators and admins) sees this request', { exact: false })
      .click();
    await screenshot(page, 'public-support-form-390-light');
    expect(await seriousViolations(page, { include: '[data-testid="support-block"]' })).toEqual([]);
    await block.getByRole('button', { name: 'Request a callback' }).click();
    await page.getByTestId('callback-sent').getByText('Request Sent').waitFor();
    await page.getByText('An ambassador will contact you within 24-48 hours.').waitFor();
    expect(await block.getByRole('button', { name: 'Request a callback' }).count()).toBe(0);
    expect(posts).toEqual(['/api/callback-requests']);
    await screenshot(page, 'public-support-sent-390-light');

    const [row] = await ctx.db.select().from(callbackRequests).orderBy(desc(callbackRequests.createdAt)).limit(1);
    expect(row).toMatchObject({
      name: 'Noah',
      phone: '+1 404 555 0188',
      category: 'mental',
      scoreBand: 'yellow',
      userId: null,
      status: 'new',
      contactMethod: 'whatsapp',
      isVoicemailSafe: false,
      goodTime: 'after school',
      language: 'es',
    });
    await page.context().close();
  });
});

describe('crisis directory by country', () => {
  /** Answers every question "Yes" (every area needs support) and opens the support block's directory. */
  async function resultsWithDirectory(page: Page, topic: string) {
    for (let s = 0; s < 5; s++) {
      for (let q = 0; q < soulCheckSections[s]!.questionCount; q++)
        await page.getByTestId(`question-${s}-${q}`).getByText('Oui', { exact: true }).click();
      await page.getByRole('button', { name: s === 4 ? 'Voir les résultats' : 'Partie suivante' }).click();
    }
    await page.getByTestId('soul-check-results').waitFor();
    await page.getByTestId('support-block').locator('select').first().selectOption(topic);
    return page.getByTestId('hotlines');
  }

  it("starts from the browser's country and switches with the picker, everywhere on the page", async () => {
    const page = await openPage({ locale: 'fr-FR', timezoneId: 'Europe/Paris', width: 390, height: 844 });
    await page.goto('/soul-health-check');
    await page.getByTestId('not-a-diagnosis').getByText('En danger immédiat, appelle le 112, 15 ou 17 maintenant.').waitFor();
    expect(await page.getByTestId('not-a-diagnosis').getByLabel('Ton pays').inputValue()).toBe('FR');
    const requests = await recordRequests(page);

    const directory = await resultsWithDirectory(page, 'mental');
    expect(await directory.getAttribute('data-region')).toBe('FR');
    expect(await page.getByTestId('crisis-call').getAttribute('href')).toBe('tel:3114');
    expect(await directory.getByTestId('crisis-line-fr3114').getByRole('link', { name: 'Appeler le 3114' }).getAttribute('href')).toBe(
      'tel:3114',
    );
    await directory.getByTestId('crisis-line-frFilSanteJeunes').getByText('Pour les 12-25 ans', { exact: false }).waitFor();
    expect(await directory.getByRole('link', { name: 'Appeler le 0 800 235 236' }).getAttribute('href')).toBe('tel:0800235236');
    expect(
      await directory
        .getByTestId('emergency-line')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['tel:112', 'tel:15', 'tel:17']);
    expect(await directory.getByTestId('crisis-line-fr119').getByRole('link', { name: 'Appeler le 119' }).getAttribute('href')).toBe(
      'tel:119',
    );
    expect(await directory.getByRole('link', { name: "Trouver une ligne d'écoute" }).getAttribute('href')).toBe(
      'https://findahelpline.com/',
    );
    await directory.scrollIntoViewIfNeeded();
    await screenshot(page, 'public-crisis-directory-fr-390-light');

    // Canada: 9-8-8 in English and French (call and text), Kids Help Phone and its text number; both pickers follow.
    await directory.getByLabel('Ton pays').selectOption('CA');
    expect(await directory.getAttribute('data-region')).toBe('CA');
    expect(await page.getByTestId('not-a-diagnosis').getByLabel('Ton pays').inputValue()).toBe('CA');
    const ca = directory.getByTestId('crisis-line-ca988');
    await ca.getByText('En anglais et français', { exact: false }).waitFor();
    expect(await ca.getByRole('link', { name: 'SMS au 9-8-8' }).getAttribute('href')).toBe('sms:988');
    expect(
      await directory.getByTestId('crisis-line-caKidsHelpPhone').getByRole('link', { name: 'SMS au 686868' }).getAttribute('href'),
    ).toBe('sms:686868?body=CONNECT');
    await directory.getByTestId('emergency-line').getByText('appelle le 911', { exact: false }).waitFor();

    // The United Kingdom and Australia, then anywhere else: the directory and the local emergency number.
    await directory.getByLabel('Ton pays').selectOption('GB');
    expect(await directory.getByRole('link', { name: 'Appeler le 116 123' }).getAttribute('href')).toBe('tel:116123');
    await directory.getByTestId('emergency-line').getByText('appelle le 999', { exact: false }).waitFor();
    await directory.getByLabel('Ton pays').selectOption('AU');
    expect(await directory.getByRole('link', { name: 'Appeler le 13 11 14' }).getAttribute('href')).toBe('tel:131114');
    await page.getByTestId('not-a-diagnosis').getByLabel('Ton pays').selectOption('international');
    expect(await directory.getAttribute('data-region')).toBe('international');
    await directory.getByText("En danger immédiat, appelle maintenant le numéro d'urgence de ton pays.").waitFor();
    expect(await page.getByTestId('crisis-call').getAttribute('href')).toBe('https://findahelpline.com/');
    expect(await seriousViolations(page)).toEqual([]);
    // Choosing a country is not sent anywhere.
    expect(requests).toEqual([]);
    await page.context().close();
  });

  it.each(
    screenVariants([
      [390, false],
      [390, true],
      [1280, false],
      [1280, true],
    ] as const),
  )('guesses Canada from a fr-CA browser in UTC, at %ipx (dark: %s), without serious accessibility problems', async (width, dark) => {
    const page = await openPage({ locale: 'fr-CA', timezoneId: 'UTC', width, height: width > 500 ? 900 : 844, dark });
    await page.goto('/soul-health-check');
    const directory = await resultsWithDirectory(page, 'mental');
    expect(await directory.getAttribute('data-region')).toBe('CA');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await directory.scrollIntoViewIfNeeded();
    await viewportShot(page, `public-crisis-directory-ca-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
});
