import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { mailOutbox } from '#server/db/schema/index.ts';
import { linkIn, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { fillConsent, screenshot, seriousViolations, useBrowser } from './fixtures.ts';

/**
 * Issue 11: a French 12-year-old signs up with a typo in the parent's address, corrects it from the
 * banner, and the parent agrees from the mail this file's SMTP server receives.
 */
const smtp: TestSmtp = await startTestSmtp();

/** Waits for `check` to hold (the outbox's state after the mail server's answer), 20 s at most. */
async function until(check: () => Promise<boolean>) {
  for (const deadline = Date.now() + 20_000; !(await check());) {
    if (Date.now() > deadline) throw new Error('the state was not reached within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
afterAll(() => smtp.stop());
const ctx = useBrowser({ env: { SMTP_URL: smtp.url } });

describe('parental consent', () => {
  it('an under-15 French sign-up waits for a parent, who agrees from the mail', async () => {
    const child = await ctx.newPage({ locale: 'fr-FR', width: 390 });
    await child.goto('/login');
    await child.getByRole('tab', { name: 'Créer un compte' }).click();
    await child.getByLabel('Prénom').fill('Léa');
    await child.getByLabel('Nom', { exact: true }).fill('Petit');
    await child.getByLabel('E-mail', { exact: true }).fill('lea.petit@example.org');
    await child.getByLabel('Mot de passe').fill('la lumière du matin');
    await fillConsent(child, { year: String(new Date().getFullYear() - 12), month: '1', country: 'FR' });
    await child.getByTestId('parent-email').getByText('avant 15\u00a0ans').waitFor();
    // The child's own address is refused for the parent.
    await child.getByLabel("L'e-mail d'un parent").fill('lea.petit@example.org');
    await child.locator('form').getByRole('button', { name: 'Créer un compte' }).click();
    await child.getByText("L'e-mail de ton parent doit être différent du tien").waitFor();
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'sign-up-parent-email-fr-390');
    // A typo in the parent's address: corrected below, from the banner.
    await child.getByLabel("L'e-mail d'un parent").fill('maman.petit@exmaple.org');
    await child.locator('form').getByRole('button', { name: 'Créer un compte' }).click();
    // The account is made from the link mailed to Léa (decision 037); the parent is mailed then.
    await child.getByTestId('sign-up-check-mail').getByText('Regarde tes mails').waitFor();
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'sign-up-check-mail-fr-390');
    const own = await smtp.waitFor((m) => m.to.includes('lea.petit@example.org'));
    expect(own.subject).toBe('Termine la création de ton compte');
    await child.goto(linkIn(own, '/confirm-sign-up/'));
    // The mistyped address does not exist: its mail server refuses it for good, so the young person
    // may give another address at once (decision 065; a working address is held a day).
    smtp.refuseWith = { code: 550, message: 'No such domain' };
    await child.getByRole('button', { name: 'Créer mon compte' }).click();
    // In, with the lessons but no onboarding form, and told what waits.
    await child.getByTestId('parent-pending').waitFor();
    await child.getByTestId('dashboard-page').waitFor();
    expect(await (await child.request.get('/api/auth/user')).json()).toMatchObject({ consentStatus: 'pending_parent' });
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'dashboard-parent-pending-fr-390');

    // Léa sees where the mail went, and sends it to the right address; the first link stops working.
    const banner = child.getByTestId('parent-pending');
    await banner.getByText('maman.petit@exmaple.org').waitFor();
    try {
      await until(
        async () =>
          (
            await ctx.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'maman.petit@exmaple.org'))
          )[0]?.status === 'failed',
      );
    } finally {
      smtp.refuseWith = null;
    }
    const [typo] = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, 'maman.petit@exmaple.org'));
    await banner.getByRole('button', { name: "Changer l'adresse" }).click();
    await banner.getByLabel("L'e-mail de ton parent").fill('maman.petit@example.org');
    await banner.getByRole('button', { name: 'Envoyer à cette adresse' }).click();
    await banner.getByText("C'est fait\u00a0: on a envoyé l'e-mail à maman.petit@example.org.").waitFor();
    await banner.getByText('maman.petit@example.org', { exact: true }).waitFor();
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'parent-request-changed-fr-390');
    expect(typo).toBeDefined();

    const mail = await smtp.waitFor((m) => m.to.includes('maman.petit@example.org'));
    expect(mail.subject).toBe('Léa te demande ton accord pour utiliser G.O.D Discipleship');
    const parent = await ctx.newPage({ locale: 'fr-FR' });
    await parent.goto(linkIn(mail, '/parent-consent/'));
    await parent.getByRole('heading', { name: "L'accord d'un parent" }).waitFor();
    await parent.getByText('Léa a créé un compte').waitFor();
    expect(await seriousViolations(parent)).toEqual([]);
    await screenshot(parent, 'parent-consent-fr-1280');
    await parent.getByRole('button', { name: 'Je donne mon accord' }).click();
    await parent.getByText('Merci\u00a0: tu as donné ton accord').waitFor();
    await parent.getByRole('button', { name: 'Retirer mon accord' }).waitFor();
    expect(await seriousViolations(parent)).toEqual([]);
    await screenshot(parent, 'parent-consent-granted-fr-1280');

    // The child now gets the profile form, and no banner.
    await child.reload();
    await child.getByTestId('onboarding-page').waitFor();
    expect(await child.getByTestId('parent-pending').count()).toBe(0);
    await Promise.all([child.context().close(), parent.context().close()]);
  });

  it("holds a change of address for a day, and the link does not work in the young person's browser", async () => {
    const child = await ctx.newPage({ width: 390 });
    await child.goto('/login');
    await child.getByRole('tab', { name: 'Create account' }).click();
    await child.getByLabel('First name').fill('Sam');
    await child.getByLabel('Last name').fill('Rivers');
    await child.getByLabel('Email', { exact: true }).fill('sam.rivers@example.org');
    await child.getByLabel('Password').fill('morning bread and honey');
    await fillConsent(child, { year: String(new Date().getFullYear() - 12), month: '1', country: 'US' });
    await child.getByLabel("A parent's email").fill('dad.rivers@example.org');
    await child.locator('form').getByRole('button', { name: 'Create account' }).click();
    const own = await smtp.waitFor((m) => m.to.includes('sam.rivers@example.org'));
    await child.goto(linkIn(own, '/confirm-sign-up/'));
    await child.getByRole('button', { name: 'Create my account' }).click();
    const banner = child.getByTestId('parent-pending');
    await banner.getByText('dad.rivers@example.org').waitFor();
    const first = await smtp.waitFor((m) => m.to.includes('dad.rivers@example.org'));

    // Sam tries to send the request to an address of their own: held, with the reason.
    await banner.getByRole('button', { name: 'Change the address' }).click();
    await banner.getByLabel("Your parent's email").fill('sam.other@example.org');
    await banner.getByRole('button', { name: 'Send to this address' }).click();
    await banner.getByText('You gave this address less than 24 hours ago').waitFor();
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'parent-request-held-en-390');
    // The parent is told, with a link that replaces the first one.
    const notice = await smtp.waitFor(
      (m) => m.to.includes('dad.rivers@example.org') && m.subject === 'Sam asked to send your consent request to another address',
      20_000,
    );
    expect(smtp.received.some((m) => m.to.includes('sam.other@example.org'))).toBe(false);

    // The link opened in Sam's own browser, signed in or signed out, does not decide.
    await child.goto(linkIn(notice, '/parent-consent/'));
    await child.getByText('This link is for a parent, and this browser was used to sign in').waitFor();
    expect(await child.getByRole('button', { name: 'I agree' }).count()).toBe(0);
    expect(await seriousViolations(child)).toEqual([]);
    await screenshot(child, 'parent-consent-child-browser-en-390');
    await child.goto('/api/logout');
    await child.goto(linkIn(notice, '/parent-consent/'));
    await child.getByText('This link is for a parent, and this browser was used to sign in').waitFor();

    // The parent, on their own phone: the first mail's link was replaced, the notice's decides.
    const parent = await ctx.newPage({ width: 390 });
    await parent.goto(linkIn(first, '/parent-consent/'));
    await parent.getByText('This link is not valid any more').waitFor();
    await parent.goto(linkIn(notice, '/parent-consent/'));
    await parent.getByRole('button', { name: 'I agree' }).click();
    await parent.getByText('Thank you: you agreed').waitFor();
    await Promise.all([child.context().close(), parent.context().close()]);
  });

  it('shows a clear message for a link that does not work, at 390 px in English', async () => {
    const page = await ctx.newPage({ width: 390 });
    await page.goto(`/parent-consent/${'A'.repeat(43)}`);
    await page.getByText('This link is not valid any more').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'parent-consent-invalid-en-390');
    await page.context().close();
  });
});
