import { afterAll, describe, expect, it } from 'vitest';

import { linkIn, sentTo, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { fillConsent, useBrowser } from './fixtures.ts';

// The first hour's learner side with a mail server configured (SMTP_URL): the link comes by real
// SMTP, and no local mailbox exists (issue 22; the laptop variant is e2e/first-hour.e2e.ts).
const smtp: TestSmtp = await startTestSmtp();
afterAll(() => smtp.stop());
const ctx = useBrowser({ env: { SMTP_URL: smtp.url, LOCAL_MAILBOX: 'auto' } });

describe('the first hour with a mail server', () => {
  it('a learner signs up, opens the mailed link, skips the profile, opens week 1, and the founder finds them', async () => {
    const learner = await ctx.newPage();
    await learner.goto('/login?tab=sign-up');
    await learner.getByLabel('First name').fill('Eunice');
    await learner.getByLabel('Last name').fill('Lystra');
    await learner.getByRole('textbox', { name: 'Email' }).fill('eunice@example.org');
    await learner.getByLabel('Password').fill('sincere faith passed on to my son');
    await fillConsent(learner, { year: '1990', month: '4', country: 'GB' });
    await learner.getByRole('button', { name: 'Create account' }).click();
    await learner.getByTestId('sign-up-check-mail').waitFor();
    // With SMTP_URL there is nothing about a local mailbox.
    expect(await learner.getByTestId('local-mailbox-hint').count()).toBe(0);

    const mail = await smtp.waitFor(sentTo('eunice@example.org'));
    await learner.goto(linkIn(mail, '/confirm-sign-up/'));
    await learner.getByRole('button', { name: 'Create my account' }).click();
    await learner.getByRole('button', { name: 'Skip for now' }).click();
    await learner.waitForURL((url) => url.pathname === '/dashboard');
    await learner.locator('a[href^="/lesson/"]').first().click();
    await learner.getByText('Week 1 of 8').waitFor();

    const { page: founder } = await ctx.signedInPage({ role: 'founder' });
    await founder.goto('/admin');
    await founder.getByTestId('directory-search').fill('Eunice');
    await founder.getByTestId('directory-row').filter({ hasText: 'Eunice Lystra' }).waitFor();
  });
});
