import { describe, expect, it } from 'vitest';

import { screenshot, seriousViolations, useBrowser } from './fixtures.ts';

/**
 * A laptop install (loopback PUBLIC_URL) without CONTROLLER_NAME, CONTROLLER_ADDRESS and
 * PRIVACY_CONTACT starts, but says so: the notice warns visitors it is a test install and the admin
 * console tells the team what to set (decision 063). A public address refuses to start instead
 * (test/controller-start.test.ts).
 */
const ctx = useBrowser();

describe('privacy notice without the controller set', () => {
  it('warns on the notice, in both languages, instead of naming nobody', async () => {
    const page = await ctx.newPage();
    await page.goto('/privacy');
    await page
      .getByTestId('privacy-placeholder')
      .getByText(/This copy of the app is a test install/)
      .waitFor();
    expect(await page.getByTestId('privacy-controller').getByText('not set yet').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    const fr = await ctx.newPage({ locale: 'fr-FR', width: 390 });
    await fr.goto('/privacy');
    await fr
      .getByTestId('privacy-placeholder')
      .getByText(/installation d'essai/)
      .waitFor();
    await screenshot(fr, 'privacy-unset-fr-390');
    await page.context().close();
    await fr.context().close();
  });

  for (const width of [390, 1280])
    it(`tells the admins what to set, and links to the notice (${width}px)`, async () => {
      const { page, context } = await ctx.signedInPage({ role: 'admin' }, { width });
      await page.goto('/admin');
      const warning = page.getByTestId('controller-warning');
      await warning.getByRole('heading', { name: 'The privacy notice names nobody yet' }).waitFor();
      expect(await seriousViolations(page, { include: '[data-testid="controller-warning"]' })).toEqual([]);
      await screenshot(page, `admin-controller-warning-${width}`, { fullPage: false });
      await warning.getByText(/Set CONTROLLER_NAME .* CONTROLLER_ADDRESS .* PRIVACY_CONTACT/).waitFor();
      await warning.getByRole('link', { name: 'Open the privacy notice' }).click();
      await page.getByTestId('privacy-placeholder').waitFor();
      await context.close();
    });
});
