import { describe, expect, it } from 'vitest';

import { PRIVACY_NOTICE_VERSION } from '#common/domain/privacy.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** Issue 11: the privacy notice, reached from the landing page, the sign-up page and the public forms. */
const ctx = useBrowser({
  env: {
    PRIVACY_CONTACT: 'privacy@example.org',
    RETENTION_CALLBACK_DAYS: '60',
    CONTROLLER_NAME: 'G.O.D Discipleship Movement (association loi 1901)',
    CONTROLLER_ADDRESS: '12 rue de la Paix, 75002 Paris, France',
    PRIVACY_PROCESSORS: 'Hosting: Example Cloud GmbH, Germany. Mail: Example Mail SAS, France.',
  },
});

/** Every part of the notice (GDPR Art. 13, decision 063), in the order of its table of contents. */
const parts = {
  en: [
    'Who is responsible for your data',
    'What we keep',
    'What you must give us, and why',
    'Why we keep it, and what allows us to',
    'Who sees it',
    'Does your data leave Europe?',
    'How long we keep it',
    'Your rights',
    'Taking back your agreement about faith data',
    'A decision the app makes on its own: the age check',
    'Complaining to a data protection authority',
    'If you are young, and for parents',
    'Changes to this notice',
  ],
  fr: [
    'Qui est responsable de tes données',
    "Ce que l'on garde",
    'Ce que tu dois nous donner, et pourquoi',
    'Pourquoi on le garde, et ce qui nous le permet',
    'Qui le voit',
    "Tes données quittent-elles l'Europe\u00a0?",
    'Combien de temps on le garde',
    'Tes droits',
    'Retirer ton accord sur les données de foi',
    "Une décision que l'application prend seule\u00a0: la vérification de l'âge",
    "Te plaindre auprès d'une autorité de protection des données",
    'Si tu es jeune, et pour les parents',
    'Quand cette page change',
  ],
};

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

  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['fr-FR', 'fr'],
  ] as const)
    it(`names the controller from the configuration and has every part, each reached from the contents (${lang})`, async () => {
      const page = await ctx.newPage({ locale });
      await page.goto('/privacy');
      const controller = page.getByTestId('privacy-controller');
      await controller.getByText('G.O.D Discipleship Movement (association loi 1901)').waitFor();
      await controller.getByText('12 rue de la Paix, 75002 Paris, France').waitFor();
      expect(await controller.getByRole('link', { name: 'privacy@example.org' }).getAttribute('href')).toBe('mailto:privacy@example.org');
      expect(await page.getByTestId('privacy-placeholder').count()).toBe(0);
      await page.getByTestId('privacy-processors').getByText('Example Mail SAS, France').waitFor();
      // Each part is a section with its heading, and the table of contents links to each, in order.
      const sections = await page
        .locator('main section[id]')
        .evaluateAll((els) => els.map((el) => ({ id: el.id, title: el.querySelector('h2')?.textContent })));
      expect(sections.map((x) => x.title)).toEqual(parts[lang]);
      const links = await page
        .getByRole('navigation')
        .getByRole('link')
        .evaluateAll((els) => els.map((el) => ({ href: el.getAttribute('href'), text: el.textContent })));
      expect(links).toEqual(sections.map((x) => ({ href: `#${x.id}`, text: x.title })));
      await page.getByRole('navigation').getByRole('link', { name: parts[lang][7], exact: true }).click();
      await page.waitForURL(/#rights$/);
      // The person's authority, on its own website; the EDPB's list for the rest of the EU/EEA.
      const authorities = page.getByTestId('privacy-authorities');
      expect(await authorities.getByRole('link', { name: /^CNIL/ }).getAttribute('href')).toBe('https://www.cnil.fr');
      expect(await authorities.getByRole('link', { name: /\(ICO\)/ }).getAttribute('href')).toBe(
        'https://ico.org.uk/make-a-complaint/data-protection-complaints',
      );
      expect(await page.locator(`a[href="https://www.edpb.europa.eu/about-edpb/about-edpb/members_${lang}"]`).count()).toBe(1);
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
    await page
      .getByRole('button', { name: /join watchmoms/i })
      .first()
      .click();
    expect(await page.getByRole('dialog').getByTestId('privacy-note').getByRole('link').getAttribute('href')).toBe('/privacy');
    await page.context().close();
  });

  it('is linked from the settings page, with the version agreed to', async () => {
    const { page, context } = await ctx.signedInPage();
    await page.goto('/settings');
    const section = page.getByTestId('settings-consent');
    await section.getByText(`You agreed to version ${PRIVACY_NOTICE_VERSION} of our privacy notice`).waitFor();
    await section.getByRole('link', { name: 'Read the privacy notice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    await context.close();
  });

  for (const [width, dark, locale] of screenVariants([
    [390, false, 'fr-FR'],
    [1280, true, 'en-US'],
    [390, true, 'en-US'],
    [1280, false, 'fr-FR'],
  ] as const))
    it(`reads well at ${width}px (dark: ${dark}, ${locale})`, async () => {
      const page = await ctx.newPage({ width, locale, colorScheme: dark ? 'dark' : 'light' });
      if (dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: locale === 'fr-FR' ? 'Confidentialité' : 'Privacy notice' }).waitFor();
      await page.getByTestId('privacy-controller').locator('a[href="mailto:privacy@example.org"]').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `privacy-${locale}-${width}-${dark ? 'dark' : 'light'}`);
      await page.context().close();
    });
});
