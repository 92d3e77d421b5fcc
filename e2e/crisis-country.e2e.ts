import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { screenshot, seriousViolations, useBrowser } from './fixtures.ts';

/**
 * Issue 23, "the right country, or an honest question" (docs/decisions/060): Chromium with the
 * browser's language and time zone of a young person in crisis finds that country's lines and
 * emergency number on the public crisis screens: the landing page's "hard time" answer and the
 * Soul Health Check's safety notice. One browser, one context per pair.
 */
const ctx = useBrowser();

interface Pair {
  locale: string;
  timezoneId: string;
  country: string;
  /** The emergency numbers shown, first one first. */
  emergency: string[];
  /** The first line listed, or null where none could be verified (the answer says so). */
  firstLine: string | null;
  /** How the country was found. */
  source?: 'timeZone' | 'language' | 'none';
}

/** The rows of the issue's table. */
const issueRows: Pair[] = [
  { locale: 'en-US', timezoneId: 'Africa/Lagos', country: 'NG', emergency: ['112'], firstLine: null },
  { locale: 'en-GB', timezoneId: 'Africa/Nairobi', country: 'KE', emergency: ['999', '112', '114'], firstLine: 'ke116' },
  { locale: 'fr-FR', timezoneId: 'Africa/Abidjan', country: 'CI', emergency: ['185', '180', '170'], firstLine: 'ci116' },
  { locale: 'fr-FR', timezoneId: 'Africa/Douala', country: 'CM', emergency: ['112', '117', '118'], firstLine: 'cm116' },
  { locale: 'fr-FR', timezoneId: 'Africa/Dakar', country: 'SN', emergency: ['17', '18'], firstLine: null },
  { locale: 'fr-FR', timezoneId: 'Africa/Kinshasa', country: 'CD', emergency: ['113', '114', '118'], firstLine: null },
  { locale: 'fr-FR', timezoneId: 'America/Port-au-Prince', country: 'HT', emergency: ['114', '118'], firstLine: null },
  { locale: 'fr-FR', timezoneId: 'Europe/Brussels', country: 'BE', emergency: ['112'], firstLine: 'beCps' },
  { locale: 'fr-CH', timezoneId: 'Europe/Zurich', country: 'CH', emergency: ['112', '144', '117'], firstLine: 'ch143' },
];

/** Ten more: the other time zones the issue names, and others of our people. */
const morePairs: Pair[] = [
  { locale: 'en-US', timezoneId: 'Africa/Accra', country: 'GH', emergency: ['999', '191', '192'], firstLine: null },
  { locale: 'en-US', timezoneId: 'Africa/Johannesburg', country: 'ZA', emergency: ['112', '10111', '10177'], firstLine: 'zaSadag' },
  { locale: 'en-US', timezoneId: 'Asia/Manila', country: 'PH', emergency: ['911'], firstLine: 'phNcmh' },
  { locale: 'en-US', timezoneId: 'Asia/Kolkata', country: 'IN', emergency: ['112', '108'], firstLine: 'inTeleManas' },
  { locale: 'en-US', timezoneId: 'America/Sao_Paulo', country: 'BR', emergency: ['192', '190'], firstLine: 'brCvv' },
  { locale: 'fr-FR', timezoneId: 'America/Toronto', country: 'CA', emergency: ['911'], firstLine: 'ca988' },
  { locale: 'en-US', timezoneId: 'Europe/Dublin', country: 'IE', emergency: ['112'], firstLine: 'ieSamaritans' },
  { locale: 'en-GB', timezoneId: 'Australia/Sydney', country: 'AU', emergency: ['000', '112'], firstLine: 'auLifeline' },
  { locale: 'fr-FR', timezoneId: 'Europe/Luxembourg', country: 'LU', emergency: ['112'], firstLine: 'luSosDetresse' },
  // No country in the time zone: the language's region, or an honest question.
  { locale: 'fr-CA', timezoneId: 'UTC', country: 'CA', emergency: ['911'], firstLine: 'ca988', source: 'language' },
  { locale: 'en', timezoneId: 'Etc/UTC', country: 'international', emergency: [], firstLine: 'findAHelpline', source: 'none' },
];

const hardTime = (locale: string) =>
  locale.startsWith('fr') ? 'Et si je traverse un moment difficile ?' : 'What if I am going through a hard time?';
const regionName = (code: string, locale: string) => new Intl.DisplayNames([locale.slice(0, 2)], { type: 'region' }).of(code)!;

/** Opens the landing page's "hard time" answer and waits for its crisis lines. */
async function openHardTime(page: Page, locale: string) {
  await page.goto('/');
  await page
    .getByTestId('qa-list')
    .getByRole('button', { name: hardTime(locale) })
    .click();
  const lines = page.getByTestId('faq-crisis');
  await lines.and(page.locator('[data-region]')).waitFor();
  return lines;
}

async function checkLanding(page: Page, pair: Pair) {
  const lines = await openHardTime(page, pair.locale);
  expect(await lines.getAttribute('data-region'), pair.timezoneId).toBe(pair.country);
  expect(await lines.getByTestId('faq-crisis-country').inputValue()).toBe(pair.country);
  const note = (await lines.getByTestId('faq-crisis-note').textContent()) ?? '';
  if (pair.country === 'international')
    expect(note).toContain(pair.locale.startsWith('fr') ? 'On ne sait pas' : "We can't tell which country you are in");
  else expect(note, pair.timezoneId).toContain(regionName(pair.country, pair.locale));
  if ((pair.source ?? 'timeZone') === 'timeZone' && pair.country !== 'international')
    expect(note).toContain(pair.locale.startsWith('fr') ? "d'après le fuseau horaire" : "from your device's time zone");
  if (pair.source === 'language')
    expect(note).toContain(pair.locale.startsWith('fr') ? "d'après la langue" : "from your browser's language");
  // Never without an emergency number for a known country.
  const emergency = lines.getByTestId('faq-emergency-line');
  expect(await emergency.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
    pair.emergency.map((n) => `tel:${n}`),
  );
  if (pair.firstLine)
    expect(await lines.locator('[data-testid^="faq-crisis-line-"]').first().getAttribute('data-testid')).toBe(
      `faq-crisis-line-${pair.firstLine}`,
    );
  else {
    await lines.getByTestId('faq-no-line').waitFor();
    expect(
      await lines
        .getByRole('link', { name: pair.locale.startsWith('fr') ? "Trouver une ligne d'écoute" : 'Find a helpline' })
        .getAttribute('href'),
    ).toBe('https://findahelpline.com/');
  }
}

/** The Soul Health Check's safety notice: the same country in its picker, and its emergency number. */
async function checkSoulCheck(page: Page, pair: Pair) {
  await page.goto('/soul-health-check');
  const notice = page.getByTestId('not-a-diagnosis');
  await notice.getByTestId('emergency-line').waitFor();
  expect(await notice.getByTestId('crisis-country').inputValue(), pair.timezoneId).toBe(pair.country);
  expect(
    await notice
      .getByTestId('emergency-line')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(pair.emergency.map((n) => `tel:${n}`));
}

describe('the right country, or an honest question', () => {
  it.each(issueRows.map((p) => [`${p.locale} ${p.timezoneId}`, p] as const))(
    '%s: the country of the time zone on the landing page and the Soul Health Check',
    async (_, pair) => {
      const context = await ctx.newContext({ locale: pair.locale, timezoneId: pair.timezoneId, width: 390, height: 844 });
      const page = await context.newPage();
      await checkLanding(page, pair);
      if (pair.country === 'SN') {
        // What a teenager in Dakar sees where no line could be verified.
        await page.getByTestId('faq-crisis').scrollIntoViewIfNeeded();
        await screenshot(page, 'crisis-faq-sn-390-light', { fullPage: false });
      }
      await checkSoulCheck(page, pair);
      await context.close();
    },
  );

  it('finds the country of ten more browsers on the landing page, or asks', async () => {
    for (const pair of morePairs) {
      const context = await ctx.newContext({ locale: pair.locale, timezoneId: pair.timezoneId, width: 390, height: 844 });
      await checkLanding(await context.newPage(), pair);
      await context.close();
    }
  });

  it('gives Europe/Zurich 143 and 147 with 112 and 144, says 143 is not free, and switches with the picker', async () => {
    for (const width of [390, 1280]) {
      const context = await ctx.newContext({ locale: 'fr-CH', timezoneId: 'Europe/Zurich', width, height: width > 500 ? 900 : 844 });
      const page = await context.newPage();
      const lines = await openHardTime(page, 'fr-CH');
      const mainLine = lines.getByTestId('faq-crisis-line-ch143');
      expect(await mainLine.getByRole('link', { name: 'Appeler le 143' }).getAttribute('href')).toBe('tel:143');
      expect(await mainLine.textContent()).toContain('Coûte 20 centimes par appel');
      expect(await mainLine.textContent()).not.toContain('Gratuit');
      const youth = lines.getByTestId('faq-crisis-line-ch147');
      expect(await youth.getByRole('link', { name: 'Appeler le 147' }).getAttribute('href')).toBe('tel:147');
      expect(await youth.getByRole('link', { name: 'SMS au 147' }).getAttribute('href')).toBe('sms:147');
      expect(await youth.textContent()).toContain('Gratuit');
      await lines.getByText('En danger immédiat, appelle le 112, 144 ou 117 maintenant.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await lines.scrollIntoViewIfNeeded();
      await screenshot(page, `crisis-faq-ch-${width}-light`, { fullPage: false });

      // Another country with the picker: Luxembourg's lines; then "not sure": the question and the directory.
      await lines.getByTestId('faq-crisis-country').selectOption('LU');
      await lines.getByTestId('faq-crisis-line-luKjt').waitFor();
      expect(await lines.getByTestId('faq-crisis-note').count()).toBe(0);
      await lines.getByTestId('faq-crisis-country').selectOption('international');
      await lines.getByTestId('faq-crisis-line-findAHelpline').waitFor();
      await lines.getByText("En danger immédiat, appelle maintenant le numéro d'urgence de ton pays.").waitFor();

      // The Soul Health Check: the same country, its emergency numbers, and what the guess came from.
      await page.goto('/soul-health-check');
      const notice = page.getByTestId('not-a-diagnosis');
      await notice.getByText('En danger immédiat, appelle le 112, 144 ou 117 maintenant.').waitFor();
      await notice.getByText("On a deviné Suisse d'après le fuseau horaire de ton appareil. Ce n'est pas ça ? Choisis ton pays.").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `crisis-soul-check-ch-${width}-light`, { fullPage: false });
      await context.close();
    }
  });
});
