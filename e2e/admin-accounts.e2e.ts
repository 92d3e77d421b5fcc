import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { users } from '#server/db/schema/index.ts';
import { createUser } from '#test/app.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

const ctx = useBrowser();
const password = 'a long and private passphrase 42';

/** The Manage dialog of the person named `name`, from the directory's search. */
async function openManage(page: Page, name: string) {
  await page.goto('/admin');
  await page.getByTestId('directory-search').fill(name);
  await page.getByRole('button', { name: `Manage ${name}` }).click();
  return page.getByTestId('manage-user-dialog');
}

async function signInThroughForm(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

describe('deactivating and deleting an account from the directory', () => {
  it('the confirmations say what happens, at 390 px and 1280 px, light and dark', async () => {
    await createUser(ctx.db, { firstName: 'Look', lastName: 'Person' });
    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [1280, 'dark'],
      [1280, 'light'],
      [390, 'dark'],
    ] as const)) {
      const { page, context } = await ctx.signedInPage({ role: 'founder' }, { width, height: 900, colorScheme: theme });
      const dialog = await openManage(page, 'Look Person');
      await dialog.getByTestId('account-actions').scrollIntoViewIfNeeded();
      await screenshot(page, `admin-account-actions-${width}-${theme}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Deactivate account' }).click();
      const confirm = page.getByRole('dialog', { name: "Deactivate Look Person's account?" });
      await confirm.getByText('Look Person is signed out on every device at once and cannot sign in again.').waitFor();
      // Once the dialog's opening animation has settled.
      await page.waitForTimeout(300);
      expect(await seriousViolations(page, { where: `deactivate confirm ${width} ${theme}` })).toEqual([]);
      await screenshot(page, `admin-deactivate-confirm-${width}-${theme}`, { fullPage: false });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      const confirmDelete = page.getByRole('dialog', { name: "Delete Look Person's account?" });
      await confirmDelete.getByText('Certificates stay verifiable, without the name.').waitFor();
      await page.waitForTimeout(300);
      expect(await seriousViolations(page, { where: `delete confirm ${width} ${theme}` })).toEqual([]);
      await screenshot(page, `admin-delete-confirm-${width}-${theme}`, { fullPage: false });
      await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    }
    // Cancelled every time: nothing changed.
    expect((await ctx.db.select().from(users).where(eq(users.firstName, 'Look')))[0]!.deactivatedAt).toBeNull();
  });

  it('in French on a phone: the confirmation addresses the admin with « tu » and fits', async () => {
    await createUser(ctx.db, { firstName: 'Élise', lastName: 'Bonnet' });
    const { page, context } = await ctx.signedInPage({ role: 'founder', locale: 'fr' }, { width: 390, height: 900, locale: 'fr-FR' });
    await page.goto('/admin');
    await page.getByTestId('directory-search').fill('Élise Bonnet');
    await page.getByRole('button', { name: 'Gérer Élise Bonnet' }).click();
    const dialog = page.getByTestId('manage-user-dialog');
    await dialog.getByRole('button', { name: 'Désactiver le compte' }).click();
    const confirm = page.getByRole('dialog', { name: 'Élise Bonnet\u00a0: désactiver le compte\u00a0?' });
    await confirm.getByText('Tu peux réactiver le compte à tout moment depuis cette fenêtre.').waitFor();
    await screenshot(page, 'admin-deactivate-confirm-390-fr', { fullPage: false });
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await context.close();
  });

  it('an admin deactivates someone (signed out, sign-in refused with a reason), reactivates them, then deletes the account', async () => {
    const person = await createUser(ctx.db, { firstName: 'Dana', lastName: 'Keep', password });
    const personPage = await ctx.newPage();
    await signInThroughForm(personPage, person.email);
    await personPage.waitForURL((url) => url.pathname !== '/login');
    expect(await (await personPage.request.get('/api/auth/user')).json()).toMatchObject({ id: person.id });

    const { page } = await ctx.signedInPage({ role: 'admin' });
    let dialog = await openManage(page, 'Dana Keep');
    await dialog.getByRole('button', { name: 'Deactivate account' }).click();
    await page.getByRole('dialog', { name: "Deactivate Dana Keep's account?" }).getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Dana Keep can no longer sign in.').first().waitFor();
    await page.getByTestId('directory-row').filter({ hasText: 'Dana' }).getByText('Deactivated').first().waitFor();

    // Signed out at once, and told why at the next sign-in.
    expect(await (await personPage.request.get('/api/auth/user')).json()).toBeNull();
    await signInThroughForm(personPage, person.email);
    await personPage.getByText('This account was deactivated by the team. Write to us if you think this is a mistake.').waitFor();

    dialog = await openManage(page, 'Dana Keep');
    await dialog.getByText('Deactivated: sign-in is refused and the data is kept.').waitFor();
    await dialog.getByRole('button', { name: 'Reactivate account' }).click();
    await page.getByText('Dana Keep can sign in again.').first().waitFor();
    await signInThroughForm(personPage, person.email);
    await personPage.waitForURL((url) => url.pathname !== '/login');

    dialog = await openManage(page, 'Dana Keep');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: "Delete Dana Keep's account?" }).getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByText("Dana Keep's account and personal data are erased.").first().waitFor();
    // The row goes at once: the directory asks the server again after the deletion, and an answer to
    // the search sent before it (the name was typed just before "Manage") is not taken as current.
    await page.getByTestId('directory-row').filter({ hasText: 'Dana Keep' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('directory-search').inputValue()).toBe('Dana Keep');
    await page.getByTestId('user-directory').getByText('No users found').waitFor();
    expect(await ctx.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await (await personPage.request.get('/api/auth/user')).json()).toBeNull();
  });
});
