import { describe, expect, it } from 'vitest';
import { screenshot, screenVariants, useBrowser, seriousViolations } from './fixtures.ts';

/** Issue 11: the privacy notice, reached from the landing page, the sign-up page and the public forms. */
const ctx = useBrowser({ env: { PRIVACY_CONTACT: 'privacy@example.org', RETENTION_CALLBACK_DAYS: '60' } });

describe('privacy notice', () => {
  it('opens from the landing footer and names the configured contact and retention', async () => {
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await page.getByRole('link', { name: 'Questions about your data? Write to privacy@example.org.' }).waitFor();
    await page.getByText('the link to your account are erased 60 days after the request is closed').waitFor();
    await page.getByText('deleted 180 days after the decision').waitFor();
    await page.getByText('deleted after 30 days if no parent has agreed').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('is linked from the sign-up page, the Soul Health Check and the WatchMoms form', async () => {
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByTestId('privacy-note').getByRole('link', { name: 'privacy notice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    await page.goto('/soul-health-check');
    expect(await page.getByTestId('privacy-note').getByRole('link').getAttribute('href')).toBe('/privacy');
    await page.goto('/');
    await page.getByRole('button', { name: /join watchmoms/i }).first().click();
    expect(await page.getByRole('dialog').getByTestId('privacy-note').getByRole('link').getAttribute('href')).toBe('/privacy');
    await page.context().close();
  });

  it('is linked from the settings page, with the version agreed to', async () => {
    const { page, context } = await ctx.signedInPage();
    await page.goto('/settings');
    const section = page.getByTestId('settings-consent');
    await section.getByText('You agreed to version 1 of our privacy notice').waitFor();
    await section.getByRole('link', { name: 'Read the privacy notice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    await context.close();
  });

  for (const [width, dark, locale] of screenVariants([[390, false, 'fr-FR'], [1280, true, 'en-US'], [390, true, 'en-US'], [1280, false, 'fr-FR']] as const))
    it(`reads well at ${width}px (dark: ${dark}, ${locale})`, async () => {
      const page = await ctx.newPage({ width, locale, colorScheme: dark ? 'dark' : 'light' });
      if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: locale === 'fr-FR' ? 'Confidentialité' : 'Privacy notice' }).waitFor();
      await page.locator('a[href="mailto:privacy@example.org"]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `privacy-${locale}-${width}-${dark ? 'dark' : 'light'}`);
      await page.context().close();
    });
});
