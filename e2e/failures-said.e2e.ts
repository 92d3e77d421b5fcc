import { describe, expect, it } from 'vitest';

import { screenshot, screenVariants, useBrowser } from './fixtures.ts';

/**
 * A failure the person must hear about (issue 30, decision 077): the account's language, which the
 * mails follow, could not be changed. The screen switches; a toast says the mails keep the old one.
 */
const ctx = useBrowser();

describe('a failure said to the person', () => {
  // One width in `npm test`, both under `npm run test:screens`.
  it.each(screenVariants([390, 1280]))(
    'says, in the new language, that the mails keep the old one when the server cannot change it (%i px)',
    async (width) => {
      const { page } = await ctx.signedInPage({ locale: 'en' }, { width });
      const puts: string[] = [];
      await page.route('**/api/account/locale', async (route) => {
        puts.push(route.request().postData() ?? '');
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'retry-after': '5' },
          body: JSON.stringify({ code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable.' }),
        });
      });
      await page.goto('/');
      await page.getByTestId('language-switcher').first().selectOption('fr');
      // Radix shows the toast and repeats its text to screen readers: the first is the one on screen.
      await page.getByText("La langue de ton compte n'a pas pu être changée", { exact: false }).first().waitFor();
      expect(puts).toEqual(['{"locale":"fr"}']);
      await screenshot(page, `failures-said-language-${width}`, { fullPage: false });
      await page.context().close();
    },
  );
});
