import { desc } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { soulCheckSections, type SectionId } from '#common/domain/soul-check.ts';
import { callbackRequests } from '#server/db/schema/index.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser, type ContextOptions } from './fixtures.ts';

/**
 * Issue 23, item 3 end to end: a red flag puts crisis help at the top of the results and never lets
 * its section read "Healthy"; a worry at home shows the country's child-protection line; "Need help
 * now?" is on every step; a callback from the results carries their band (docs/decisions/061).
 */
const ctx = useBrowser();

const answerLabels = { en: { yes: 'Yes', sometimes: 'Sometimes', no: 'No' }, fr: { yes: 'Oui', sometimes: 'Parfois', no: 'Non' } };

/** Answers every question "No", except the given ones, checking "Need help now?" on each step; ends on the results. */
async function answerAll(
  page: Page,
  lng: 'en' | 'fr',
  given: [SectionId, number, 'yes' | 'sometimes'][],
  onStep?: (section: number) => Promise<void>,
) {
  for (const [s, section] of soulCheckSections.entries()) {
    await page.getByTestId(`question-${s}-0`).waitFor();
    await onStep?.(s);
    for (let q = 0; q < section.questionCount; q++) {
      const answer = given.find(([id, question]) => id === section.id && question === q)?.[2] ?? 'no';
      await page.getByTestId(`question-${s}-${q}`).getByText(answerLabels[lng][answer], { exact: true }).click();
    }
    const next = lng === 'en' ? (s === 4 ? 'See Results' : 'Next Section') : s === 4 ? 'Voir les résultats' : 'Partie suivante';
    await page.getByRole('button', { name: next }).click();
  }
  await page.getByTestId('soul-check-results').waitFor();
}

async function openCheck(opts: ContextOptions & { dark?: boolean }) {
  const page = await ctx.newPage({ ...opts, colorScheme: opts.dark ? 'dark' : 'light' });
  await page.goto('/soul-health-check');
  await page.getByTestId('soul-health-check').waitFor();
  return page;
}

describe('a red flag in the Soul Health Check', () => {
  it('puts crisis help first, keeps the section at "Room to grow", and a callback from the results carries band red', async () => {
    const page = await openCheck({ timezoneId: 'America/Chicago', width: 390, height: 844 });
    // "Need help now?" with the country's first line, on the first screen and every step.
    await answerAll(page, 'en', [['mind', 5, 'sometimes']], async (s) => {
      const help = page.getByTestId('need-help-now');
      await help.getByText('Need help now?').waitFor();
      expect(await help.getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe('tel:988');
      expect(await help.getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe('sms:988');
      if (s === 1)
        await page.getByText('In the past few weeks, have you had thoughts of hurting yourself, or of not wanting to be alive?').waitFor();
    });

    const help = page.getByTestId('crisis-help');
    await help.getByRole('heading', { name: "You don't have to carry this alone" }).waitFor();
    expect(await help.getByRole('link', { name: 'Call 988' }).getAttribute('href')).toBe('tel:988');
    expect(await help.getByRole('link', { name: 'Text 988' }).getAttribute('href')).toBe('sms:988');
    await help.getByTestId('emergency-line').getByText('In immediate danger, call 911 now.').waitFor();
    // First on the results: above the notice and every section, in view without scrolling on a phone.
    const top = (testId: string) =>
      page
        .getByTestId(testId)
        .first()
        .evaluate((el) => el.getBoundingClientRect().top);
    expect(await top('crisis-help')).toBeLessThan(await top('not-a-diagnosis'));
    expect(await top('crisis-help')).toBeLessThan(await top('result-heart'));
    expect(await page.getByTestId('result-mind').getAttribute('data-level')).toBe('growth');
    await page.getByTestId('result-mind').getByText('Room to grow').waitFor();
    expect(await page.getByText('Your mind seems clear and well fed', { exact: false }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'soul-check-red-flag-390-light');

    // "Ask us to call you back" leads to the form; the request carries the band of these results.
    await help.getByRole('button', { name: 'Ask us to call you back' }).click();
    const block = page.getByTestId('support-block');
    await block.getByLabel('What would you like to talk about?').selectOption('mental');
    await block.getByLabel('Your first name').fill('Maya');
    await block.getByLabel('Phone number').fill('+1 312 555 0142');
    await block.getByTestId('callback-contactMethod').getByLabel('SMS').check();
    await block.getByTestId('callback-voicemail').getByLabel("No, please don't").check();
    await block
      .getByText('the G.O.D support team (support ambassadors, coordinators and admins) sees this request', { exact: false })
      .click();
    await block.getByRole('button', { name: 'Request a callback' }).click();
    await page.getByTestId('callback-sent').waitFor();
    const [row] = await ctx.db.select().from(callbackRequests).orderBy(desc(callbackRequests.createdAt)).limit(1);
    expect(row).toMatchObject({ name: 'Maya', category: 'mental', scoreBand: 'red', contactMethod: 'sms', isVoicemailSafe: false });
    await page.context().close();
  });

  it.each(
    screenVariants([
      [1280, false],
      [390, true],
      [1280, true],
    ] as const),
  )('shows the red-flag results at %ipx (dark: %s) without serious accessibility problems', async (width, dark) => {
    const page = await openCheck({ timezoneId: 'America/Toronto', width, height: width > 500 ? 900 : 844, dark });
    await answerAll(page, 'en', [
      ['purpose', 1, 'yes'],
      ['relationships', 2, 'yes'],
    ]);
    await page.getByTestId('crisis-help').waitFor();
    await page.getByTestId('home-safety').waitFor();
    expect(await page.getByTestId('result-purpose').getAttribute('data-level')).toBe('growth');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `soul-check-red-flag-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  });
});

describe('a worry at home in the Soul Health Check', () => {
  it("shows the country's child-protection line in French, and no crisis help without a red flag", async () => {
    const page = await openCheck({ locale: 'fr-FR', timezoneId: 'Europe/Paris', width: 390, height: 844 });
    await page.getByTestId('need-help-now').getByText("Besoin d'aide maintenant", { exact: false }).waitFor();
    await answerAll(page, 'fr', [['relationships', 2, 'yes']]);
    const home = page.getByTestId('home-safety');
    await home.getByRole('heading', { name: 'Tu ne te sens pas en sécurité à la maison', exact: false }).waitFor();
    expect(await home.getByRole('link', { name: 'Appeler le 119' }).getAttribute('href')).toBe('tel:119');
    await home.getByTestId('emergency-line').waitFor();
    expect(await page.getByTestId('crisis-help').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'soul-check-home-fr-390-light');
    await page.context().close();
  });
});
