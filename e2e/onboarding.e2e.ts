import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users } from '#server/db/schema/index.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** Onboarding (complete and skip) and the evangelism tools, signed in. */
const ctx = useBrowser();

const userRow = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('onboarding', () => {
  it('completes the profile: errors first, then a welcome toast, the dashboard and the saved profile', async () => {
    const { page, user, context } = await ctx.signedInPage({
      onboardingStatus: 'pending',
      firstName: 'Ama',
      lastName: 'Owusu',
      phone: null,
    });
    await page.goto('/disciple-tree');
    await page.getByTestId('onboarding-page').waitFor();
    await page.getByText('Welcome, Ama!').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ama');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'onboarding-1280-light');

    await page.getByRole('button', { name: 'Complete profile' }).click();
    await page.getByText('Please fill in all required fields', { exact: true }).waitFor();
    await page.getByText("Please enter your ambassador's name (required)").waitFor();
    await page.getByText('Please choose your country').waitFor();
    expect((await userRow(user.id)).onboardingStatus).toBe('pending');

    await page.getByLabel('Ambassador or mentor who invited you').fill('  Grace Mensah ');
    await page.getByLabel('Phone number').fill('+233 20 555 0101');
    await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
    await page.getByLabel('Address').fill('14 Ring Road\nAccra');
    await page.getByLabel('Month').selectOption({ label: 'January' });
    await page.getByLabel('Day').selectOption('5');
    await page.getByLabel('Year').selectOption('2008');
    await page.getByLabel('Church denomination').fill('Pentecostal');
    await page.getByLabel("Pastor's name").fill('Pastor Kofi Asante');
    await page.getByRole('button', { name: 'Complete profile' }).click();
    await page.getByText('Welcome to G.O.D', { exact: true }).waitFor();
    await page.getByText('Your account is ready', { exact: true }).waitFor();
    await page.waitForURL(/\/dashboard$/);

    expect(await userRow(user.id)).toMatchObject({
      onboardingStatus: 'completed',
      mentorName: 'Grace Mensah',
      phone: '+233 20 555 0101',
      country: 'Nigeria',
      address: '14 Ring Road\nAccra',
      birthdate: '2008-01-05',
      churchDenomination: 'Pentecostal',
      pastorName: 'Pastor Kofi Asante',
    });

    // One-time: a completed profile is not asked again.
    await page.goto('/onboarding');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByTestId('onboarding-page').count()).toBe(0);
    await context.close();
  });

  it('lets a user skip for now, and come back to /onboarding later', async () => {
    const { page, user, context } = await ctx.signedInPage({ onboardingStatus: 'pending' }, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByTestId('onboarding-page').waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect((await userRow(user.id)).onboardingStatus).toBe('skipped');

    await page.goto('/onboarding');
    await page.getByTestId('onboarding-page').waitFor();
    expect(await page.getByRole('button', { name: 'Skip for now' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it.each(
    screenVariants([
      [390, true, 'fr-FR'],
      [390, false, 'en-US'],
      [1280, true, 'en-US'],
    ] as const),
  )('looks right at %ipx (dark: %s, %s)', async (width, dark, locale) => {
    const { page, context } = await ctx.signedInPage(
      { onboardingStatus: 'pending', firstName: 'Léa' },
      { width, height: width > 500 ? 900 : 844, locale },
    );
    if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/');
    await page.getByTestId('onboarding-page').waitFor();
    await page.getByRole('button', { name: locale === 'fr-FR' ? 'Valider mon profil' : 'Complete profile' }).click();
    await page
      .getByText(locale === 'fr-FR' ? 'Remplis tous les champs obligatoires' : 'Please fill in all required fields', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `onboarding-${locale.slice(0, 2)}-${width}-${dark ? 'dark' : 'light'}`);
    await context.close();
  });
});

describe('evangelism tools', () => {
  it('practises and shares a verse, runs the testimony timer and downloads resources without any request', async () => {
    const { page, context } = await ctx.signedInPage({}, { width: 1280 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/evangelism-tools');
    await page.getByTestId('evangelism-tools').waitFor();
    await page.getByRole('tab', { name: 'Scripture Memory' }).waitFor();
    for (const ref of ['Romans 3:23', 'Romans 6:23', 'John 3:16', 'Romans 10:9', 'Acts 2:38'])
      await page.getByRole('heading', { name: new RegExp(ref) }).waitFor();
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    const john = page.getByTestId('verse-john316');
    await john.getByText('For God so loved the world that He gave His one and only Son', { exact: false }).waitFor();
    await john.getByRole('button', { name: 'Practise' }).click();
    const blanks = john.getByRole('button', { name: /^Hidden word/ });
    const firstLevel = await blanks.count();
    const words = 27; // John 3:16 in the BSB
    expect(firstLevel).toBe(Math.ceil(words / 3));
    await john.getByRole('button', { name: 'Hide more words' }).click();
    expect(await blanks.count()).toBeGreaterThan(firstLevel);
    await blanks.first().click();
    await screenshot(page, 'evangelism-practice-1280-light');
    expect(await blanks.count()).toBe(Math.ceil((words * 2) / 3) - 1);
    await john.getByRole('button', { name: 'Reveal all' }).click();
    expect(await blanks.count()).toBe(0);
    await john.getByRole('button', { name: 'Show the whole verse' }).click();

    // Share: this browser has no share sheet, so the verse is copied.
    await john.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Verse copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('— John 3:16 (BSB)');
    await screenshot(page, 'evangelism-memory-1280-light');

    await page.getByRole('tab', { name: 'Witnessing Guide' }).click();
    for (const step of ['Build Relationship', 'Share Your Testimony', 'Present the Gospel', 'Invite to Respond', 'Follow Up'])
      await page.getByRole('heading', { name: step }).waitFor();
    await page.getByLabel('Before: what was my life like?').fill('I was busy and anxious, chasing grades and approval.');
    await page.getByTestId('testimony-words').getByText('Words: 9').waitFor();
    expect(await page.getByTestId('testimony-timer').innerText()).toContain('3:00');
    await page.getByRole('button', { name: 'Start' }).click();
    // Counting down: under 3:00 (any second of the third minute, so a slow machine's late look still counts).
    await expect.poll(() => page.getByTestId('testimony-timer').innerText()).toMatch(/2:[0-5]\d/);
    await page.getByRole('button', { name: 'Pause' }).click();
    // The draft survives switching tabs.
    await page.getByRole('tab', { name: 'Resources' }).click();
    await page.getByRole('tab', { name: 'Witnessing Guide' }).click();
    expect(await page.getByLabel('Before: what was my life like?').inputValue()).toContain('chasing grades');
    const [testimony] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my testimony' }).click(),
    ]);
    expect(testimony.suggestedFilename()).toBe('my-3-minute-testimony.txt');

    await page.getByRole('tab', { name: 'Resources' }).click();
    const [calendar] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download: Prayer nights calendar' }).click(),
    ]);
    expect(calendar.suggestedFilename()).toBe('prayer-nights.ics');
    const { readFile } = await import('node:fs/promises');
    const ics = await readFile((await calendar.path())!, 'utf8');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TH');
    const [cards] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download: Scripture memory cards' }).click(),
    ]);
    const cardsHtml = await readFile((await cards.path())!, 'utf8');
    expect(cardsHtml).toContain('for all have sinned and fall short of the glory of God,');
    expect(cardsHtml).toContain('Acts 2:38');
    await screenshot(page, 'evangelism-resources-1280-light');

    // Only blob downloads happened: nothing went to the server. (Code chunks loaded on first use,
    // such as the toast viewport, are the app's own static files, not the learner's data.)
    expect(requests.filter((u) => !u.startsWith('blob:') && !new URL(u).pathname.startsWith('/assets/'))).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it.each(
    screenVariants([
      [390, false, 'fr-FR'],
      [390, true, 'en-US'],
      [1280, true, 'fr-FR'],
    ] as const),
  )('looks right at %ipx (dark: %s, %s)', async (width, dark, locale) => {
    const { page, context } = await ctx.signedInPage({}, { width, height: width > 500 ? 900 : 844, locale });
    if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/evangelism-tools');
    await page.getByTestId('evangelism-tools').waitFor();
    await page.getByRole('heading', { name: locale === 'fr-FR' ? /Jean 3\.16/ : /John 3:16/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `evangelism-${locale.slice(0, 2)}-${width}-${dark ? 'dark' : 'light'}`);
    await page.getByRole('tab', { name: locale === 'fr-FR' ? 'Guide du témoignage' : 'Witnessing Guide' }).click();
    await screenshot(page, `evangelism-witnessing-${locale.slice(0, 2)}-${width}-${dark ? 'dark' : 'light'}`);
    await context.close();
  });
});
