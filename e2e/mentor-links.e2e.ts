import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { sessions, users } from '#server/db/schema/index.ts';
import { createUser } from '#test/app.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** Mentoring links both people agree to (decision 039): requests, invitations, leave and remove. */
const ctx = useBrowser();
const stamp = Date.now().toString(36);
const phone = { width: 390, height: 844 };

const mentorOf = async (id: string) => (await ctx.db.select({ m: users.mentorId }).from(users).where(eq(users.id, id)))[0]!.m;

/** Fills the onboarding form in the browser; `mentor` null ticks "I found this on my own". */
async function onboard(page: Page, mentor: string | null) {
  await page.goto('/');
  await page.getByTestId('onboarding-page').waitFor();
  if (mentor === null) await page.getByLabel('I found G.O.D Discipleship on my own, without a mentor').check();
  else await page.getByLabel('Ambassador or mentor who invited you').fill(mentor);
  await page.getByLabel('Phone number').fill('+33 6 12 34 56 78');
  await page.getByLabel('Country').selectOption({ label: 'France' });
  await page.getByLabel('Address').fill('8 rue des Lilas\nParis');
  await page.getByLabel('Church denomination').fill('Protestante');
  await page.getByLabel("Pastor's name").fill('Pasteur Jean');
  await page.getByRole('button', { name: 'Complete profile' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('mentoring links by consent', () => {
  it('a name typed at onboarding is a request: the named person accepts one and declines another, the requester is told kindly', async () => {
    const mentor = await ctx.signedInPage({ firstName: 'Grace', lastName: `Mensah${stamp}` }, phone);
    const marc = await ctx.signedInPage({ onboardingStatus: 'pending', firstName: 'Marc', lastName: 'Lefèvre', phone: null });
    const lone = await ctx.signedInPage({ onboardingStatus: 'pending', firstName: 'Solo', lastName: 'Walker', phone: null });
    const stranger = await ctx.signedInPage({ onboardingStatus: 'pending', firstName: 'Stranger', lastName: 'Danger', phone: null });

    await onboard(marc.page, `grace mensah${stamp}`);
    await onboard(stranger.page, `Grace Mensah${stamp}`);
    // "I found this on my own": no name asked, none sent.
    await onboard(lone.page, null);
    expect((await ctx.db.select().from(users).where(eq(users.id, lone.user.id)))[0]!.mentorName).toBeNull();

    // Nothing is linked yet; the requester sees their request waiting.
    expect(await mentorOf(marc.user.id)).toBeNull();
    await marc.page.getByTestId('outgoing-link').getByText(`You named Grace Mensah${stamp} as your mentor`).waitFor();

    // The named person sees both requests on the dashboard, with names only.
    const p = mentor.page;
    await p.goto('/dashboard');
    const card = p.getByTestId('mentor-links-card');
    await card.getByText('2 people are waiting for your answer.').waitFor();
    expect(await card.textContent()).not.toContain(marc.user.email);
    expect(await seriousViolations(p, { where: 'dashboard with requests' })).toEqual([]);
    await screenshot(p, 'mentor-links-dashboard-390-light');

    await card
      .getByTestId('incoming-link')
      .filter({ hasText: 'Marc Lefèvre says you invited them' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await p.getByText('Marc Lefèvre is now in your tree.').first().waitFor();
    await card.getByTestId('incoming-link').filter({ hasText: 'Stranger Danger' }).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect(await mentorOf(marc.user.id)).toBe(mentor.user.id);
    expect(await mentorOf(stranger.user.id)).toBeNull();

    // The declined requester reads a kind notice and closes it.
    await stranger.page.reload();
    const notice = stranger.page.getByTestId('outgoing-link');
    await notice.getByText("didn't confirm being your mentor. That's all right").waitFor();
    await notice.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => stranger.page.getByTestId('mentor-links-card').count()).toBe(0);

    // The accepted one sees their mentor and can leave.
    await marc.page.reload();
    await marc.page.getByTestId('my-mentor').getByText(`Your mentor: Grace Mensah${stamp}`).waitFor();

    // On the tree: the new disciple, who can be removed from the row.
    await p.goto('/disciple-tree');
    await p.getByTestId('tree-node').filter({ hasText: 'Marc Lefèvre' }).waitFor();
    await screenshot(p, 'mentor-links-tree-390-light');
    await p.getByRole('button', { name: 'Remove Marc Lefèvre from your tree' }).click();
    const dialog = p.getByTestId('remove-disciple-dialog');
    expect(await seriousViolations(p, { where: 'remove dialog' })).toEqual([]);
    await screenshot(p, 'mentor-links-remove-390-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await p.getByText('No disciple tree data available').waitFor();
    // The confirmation outlives the row it came from.
    await p.getByText('Marc Lefèvre is no longer in your tree.').first().waitFor();
    expect(await mentorOf(marc.user.id)).toBeNull();
    for (const c of [mentor, marc, lone, stranger]) await c.context.close();
  });

  it('an admin asks someone to accept a mentor after typing the password again; nothing links until they accept (issue 24)', async () => {
    const mentor = await createUser(ctx.db, { firstName: 'Priscilla', lastName: `Tent${stamp}` });
    const person = await ctx.signedInPage({ firstName: 'Apollos', lastName: `Alexandria${stamp}` }, phone);
    const admin = await ctx.signedInPage({ role: 'admin', password: 'a long enough passphrase' });
    // The last password or code is older than the re-authentication window.
    await ctx.db
      .update(sessions)
      .set({ reauthAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, admin.user.id));
    const a = admin.page;
    await a.goto('/admin');
    await a.getByTestId('directory-search').fill(`Alexandria${stamp}`);
    await a.getByRole('button', { name: `Manage Apollos Alexandria${stamp}` }).click();
    const dialog = a.getByTestId('manage-user-dialog');
    await dialog.getByTestId('current-mentor').getByText('No mentor yet.').waitFor();
    await dialog.getByTestId('mentor-email').fill(mentor.email);
    await dialog.getByRole('button', { name: 'Set mentor' }).click();
    const reauth = a.getByTestId('reauth-dialog');
    await reauth.getByLabel('Your password').fill('a long enough passphrase');
    await reauth.getByRole('button', { name: 'Confirm' }).click();
    await a
      .getByText(
        `Apollos Alexandria${stamp} sees the invitation from ${mentor.email} on their dashboard. The link is made only if they accept.`,
      )
      .first()
      .waitFor();
    await screenshot(a, 'admin-mentor-asked-1280-light', { fullPage: false });
    await a.setViewportSize(phone);
    await screenshot(a, 'admin-mentor-asked-390-light');
    expect(await mentorOf(person.user.id)).toBeNull();

    const p = person.page;
    await p.goto('/dashboard');
    const item = p.getByTestId('incoming-link').filter({ hasText: `Priscilla Tent${stamp} invited you to join their disciple tree` });
    await item.getByRole('button', { name: 'Accept' }).click();
    await p.getByTestId('my-mentor').waitFor();
    expect(await mentorOf(person.user.id)).toBe(mentor.id);
    await admin.context.close();
    await person.context.close();
  });

  it('an existing account is invited, not attached: its owner accepts on the dashboard, then leaves', async () => {
    const mentor = await ctx.signedInPage({ firstName: 'Paul', lastName: `Apostle${stamp}` });
    const timothy = await ctx.signedInPage({ firstName: 'Timothy', lastName: 'Lystra' }, phone);
    await mentor.page.goto('/disciple-tree');
    await mentor.page.getByTestId('add-disciple-button').click();
    const add = mentor.page.getByTestId('add-disciple-dialog');
    await add.getByLabel('Full name').fill('Tim');
    await add.getByLabel('Email').fill(timothy.user.email);
    await add.getByRole('button', { name: 'Add disciple' }).click();
    await add.getByTestId('add-disciple-invited').waitFor();
    expect(await mentorOf(timothy.user.id)).toBeNull();

    const p = timothy.page;
    await p.goto('/dashboard');
    const item = p.getByTestId('incoming-link').filter({ hasText: `Paul Apostle${stamp} invited you to join their disciple tree` });
    await item.waitFor();
    await item.getByRole('button', { name: 'Accept' }).click();
    await p.getByTestId('my-mentor').waitFor();
    expect(await mentorOf(timothy.user.id)).toBe(mentor.user.id);
    await screenshot(p, 'mentor-links-my-mentor-390-light');

    await p.getByTestId('my-mentor').getByRole('button', { name: 'Leave mentor' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await p.getByText(`You are no longer in Paul Apostle${stamp}'s tree.`).first().waitFor();
    expect(await mentorOf(timothy.user.id)).toBeNull();
    await mentor.context.close();
    await timothy.context.close();
  });

  it('a coordinator-eligible mentor is told what happens next, at 390 px', async () => {
    const { page, user, context } = await ctx.signedInPage({ firstName: 'Lydia', lastName: `Thyatira${stamp}` }, phone);
    for (let i = 0; i < 3; i++) await createUser(ctx.db, { mentorId: user.id });
    await page.goto('/disciple-tree');
    const next = page.getByTestId('coordinator-next');
    await next.getByText('Next step: write to the team.').waitFor();
    expect(await next.getByRole('link', { name: 'Write to the team' }).getAttribute('href')).toMatch(
      /^mailto:.+\?subject=I%20am%20eligible%20to%20become%20a%20coordinator$/,
    );
    expect(await seriousViolations(page, { where: 'tree coordinator next step' })).toEqual([]);
    await screenshot(page, 'mentor-links-coordinator-next-390-light');
    await context.close();
  });

  for (const dark of screenVariants([false, true])) {
    it(`the requests card in French at 390 px (dark: ${dark})`, async () => {
      const mentor = await ctx.signedInPage(
        { firstName: 'Élodie', lastName: `Dupont-Delacroix${stamp}${dark ? 'd' : 'l'}` },
        { ...phone, locale: 'fr-FR', colorScheme: dark ? 'dark' : 'light' },
      );
      const requester = await ctx.signedInPage({
        onboardingStatus: 'pending',
        firstName: 'Maximilien-Alexandre',
        lastName: 'de La Tour-Saint-Germain',
      });
      await onboard(requester.page, `Élodie Dupont-Delacroix${stamp}${dark ? 'd' : 'l'}`);
      await mentor.page.goto('/dashboard');
      const card = mentor.page.getByTestId('mentor-links-card');
      await card.getByText('Une personne attend ta réponse.').waitFor();
      await card.getByRole('button', { name: 'Accepter' }).waitFor();
      expect(await seriousViolations(mentor.page, { where: 'dashboard fr' })).toEqual([]);
      await screenshot(mentor.page, `mentor-links-dashboard-390-${dark ? 'dark' : 'light'}-fr`);
      await mentor.context.close();
      await requester.context.close();
    });
  }
});
