import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser } from './fixtures.ts';

const ctx = useBrowser();

describe('route gates', () => {
  it('shows the landing page to a visitor at /dashboard', async () => {
    const page = await ctx.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('landing-page').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await page.context().close();
  });

  it('lets a visitor open /soul-health-check, without a single API call', async () => {
    const page = await ctx.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto('/soul-health-check');
    await page.getByTestId('soul-health-check').waitFor();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    await page.context().close();
  });

  it('shows the 404 text to a signed-in user at an unknown path', async () => {
    const { page, context } = await ctx.signedInPage();
    await page.goto('/nope');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('This page doesn’t exist, or it has moved.').waitFor();
    await context.close();
  });

  it('sends a signed-in user who has not onboarded to onboarding, whatever the path', async () => {
    const { page, context } = await ctx.signedInPage({ onboardingStatus: 'pending' });
    await page.goto('/disciple-tree');
    await page.getByTestId('onboarding-page').waitFor();
    await context.close();
  });
});

describe('code splitting', () => {
  it("loads none of the signed-in screens' code on the landing page", async () => {
    const page = await ctx.newPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('landing-page'))).toBe(true);
    for (const screen of ['dashboard-page', 'lesson-page', 'assessment-page', 'certificate-page', 'admin-page', 'disciple-tree-page', 'evangelism-tools-page', 'onboarding-page'])
      expect(scripts.filter((s) => s.includes(screen)), screen).toEqual([]);
    await page.context().close();
  });
});

describe('sign-up and sign-in in the browser', () => {
  it('creates an account, signs out, and signs back in; a wrong password is refused', async () => {
    const page = await ctx.newPage();
    await page.goto('/api/login');
    await page.waitForURL(/\/login$/);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Esther');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill('esther.e2e@example.org');
    await page.getByLabel('Password').fill('hope does not disappoint');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    await page.goto('/api/logout');
    await page.getByTestId('landing-page').waitFor();

    await page.goto('/api/login');
    await page.getByLabel('Email').fill('esther.e2e@example.org');
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    await page.getByLabel('Password').fill('hope does not disappoint');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    await page.context().close();
  });
});

describe('preferences', () => {
  it('keeps the language and the theme across a reload', async () => {
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('language-switcher').selectOption('fr');
    await page.getByRole('tab', { name: 'Se connecter' }).waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('i18nextLng'), document.documentElement.lang])).toEqual(['dark', 'fr', 'fr']);
    // Form errors from the shared contracts appear in French too.
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Saisis une adresse e-mail valide').waitFor();
    await screenshot(page, 'login-fr-dark');
    await page.context().close();
  });
});
