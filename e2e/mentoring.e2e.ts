import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { ambassadorApplications, callbackRequests, users, watchmomsApplications } from '#server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { createUser, signUpTokenFor } from '#test/app.ts';
import { passLessons } from '#test/course-progress.ts';

import { baseUrl, fillConsent, screenshot, screenVariants, seriousViolations, signUpLinkFor, useBrowser } from './fixtures.ts';

const ctx = useBrowser();
const stamp = Date.now().toString(36);
const emailOf = (who: string) => `${who}.${stamp}@e2e.example.org`;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

/** Adds a disciple through the dialog and returns the sign-up link it offers to share. */
async function addDisciple(page: Page, fullName: string, email: string): Promise<string> {
  await page.getByTestId('add-disciple-button').click();
  const dialog = page.getByTestId('add-disciple-dialog');
  await dialog.getByLabel('Full name').fill(fullName);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Add disciple' }).click();
  await dialog.getByTestId('add-disciple-invited').waitFor();
  expect(await dialog.textContent()).toContain(
    `We let ${fullName} know. They join your tree once they accept: on their dashboard if they already have an account, or by signing up with ${email}`,
  );
  const link = (await dialog.locator('code').textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return link;
}

const rowOf = (page: Page, email: string) => page.getByTestId('directory-row').filter({ hasText: email });

describe('from invitations to an approved ambassador', () => {
  it('a mentor invites three people who sign up and finish the course, applies, and an admin approves; the directory shows it', async () => {
    const mentorEmail = emailOf('naomi');
    const { user: mentor, page, context } = await ctx.signedInPage({ firstName: 'Naomi', lastName: `Mentor${stamp}`, email: mentorEmail });

    // An empty tree first.
    await page.goto('/disciple-tree');
    await page.getByText('No disciple tree data available').waitFor();
    // ...with an invitation to add the first disciple, and no claim that anyone has finished.
    expect(await page.getByTestId('add-first-disciple').isVisible()).toBe(true);
    await page.getByText('Nobody yet. The people you add show here until they have finished the course.').waitFor();
    await screenshot(page, 'mentoring-tree-empty-1280-light');

    // The add-disciple form checks its fields.
    await page.getByTestId('add-disciple-button').click();
    const dialog = page.getByTestId('add-disciple-dialog');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add disciple' }).click();
    await dialog.getByText('Full name is required').waitFor();
    await dialog.getByText('Enter a valid email address').waitFor();
    await screenshot(page, 'mentoring-add-dialog-errors-1280-light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const invited = [
      { first: 'Ruth', last: `Disciple${stamp}`, email: emailOf('ruth') },
      { first: 'Boaz', last: `Disciple${stamp}`, email: emailOf('boaz') },
      { first: 'Obed', last: `Disciple${stamp}`, email: emailOf('obed') },
    ];
    const links: string[] = [];
    for (const p of invited) links.push(await addDisciple(page, `${p.first} ${p.last}`, p.email));
    await page.reload();
    await expect.poll(() => page.getByTestId('pending-invitation').count()).toBe(3);
    // Each invitation was just sent: it can be cancelled, and resent only tomorrow.
    const ruthInvitation = page.getByTestId('pending-invitation').filter({ hasText: invited[0]!.email });
    expect(await ruthInvitation.getByRole('button', { name: `Resend the invitation to Ruth Disciple${stamp}` }).isDisabled()).toBe(true);
    expect(await ruthInvitation.getByRole('button', { name: `Cancel the invitation to Ruth Disciple${stamp}` }).isEnabled()).toBe(true);
    await screenshot(page, 'mentoring-pending-invitations-1280-light');
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'mentoring-pending-invitations-390-light');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByText('No disciple tree data available').count()).toBe(1);

    // The first signs up in the browser from the shared link (the sign-up form, email filled in); the other two through the same sign-up API.
    const newcomer = await ctx.newPage();
    await newcomer.goto(links[0]!);
    await newcomer.getByRole('tab', { name: 'Create account', selected: true }).waitFor();
    expect(await newcomer.getByLabel('Email').inputValue()).toBe(invited[0]!.email);
    await newcomer.getByLabel('First name').fill(invited[0]!.first);
    await newcomer.getByLabel('Last name').fill(invited[0]!.last);
    await newcomer.getByLabel('Email').fill(invited[0]!.email.toUpperCase());
    await newcomer.getByLabel('Password').fill('whither thou goest I will go');
    await fillConsent(newcomer);
    await newcomer.getByRole('button', { name: 'Create account' }).click();
    await newcomer.getByTestId('sign-up-check-mail').waitFor();
    await newcomer.goto(await signUpLinkFor(ctx.db, invited[0]!.email));
    await newcomer.getByRole('button', { name: 'Create my account' }).click();
    await newcomer.getByTestId('onboarding-page').waitFor();
    await newcomer.context().close();
    for (const p of invited.slice(1)) {
      const post = (url: string, body: object) =>
        fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const password = 'a kinsman redeemer story';
      const res = await post('/api/auth/sign-up', {
        birthYear: 2000,
        birthMonth: 1,
        country: 'FR',
        faithDataConsent: true,
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        password,
      });
      expect(res.status).toBe(202);
      // The link opened elsewhere than where the form was sent: the password chosen then.
      expect((await post('/api/auth/sign-up/confirm', { token: await signUpTokenFor(ctx.db, p.email), password })).status).toBe(200);
    }
    const disciples = await ctx.db.select().from(users).where(eq(users.mentorId, mentor.id));
    expect(disciples.map((d) => d.email).sort()).toEqual(invited.map((p) => p.email).sort());

    // Linked, not yet through the course: coordinator eligible (3 direct), not ambassador eligible.
    await page.reload();
    await page.getByTestId('disciple-tree').waitFor();
    expect(await page.getByTestId('tree-node').count()).toBe(3);
    expect(await page.getByTestId('coordinator-status').textContent()).toBe('You are eligible to become a coordinator.');
    expect(await page.getByTestId('apply-ambassador').isDisabled()).toBe(true);
    expect(await page.getByTestId('ambassador-card').textContent()).toContain('3 more disciples need to complete the course');

    // They finish the course (the course screens have their own tests).
    for (const d of disciples) await passLessons(ctx.db, d.id);
    await page.reload();
    await page.getByTestId('disciple-tree').waitFor();
    expect(await page.getByTestId('tree-depth-value').textContent()).toBe('1 level');
    expect(await page.getByTestId('total-impact-value').textContent()).toBe('3');
    expect(await page.getByTestId('completed-disciples-value').textContent()).toBe('3');
    expect(await page.getByTestId('tree-node').filter({ hasText: 'Completed' }).count()).toBe(3);
    expect(await page.getByTestId('pending-card').textContent()).toContain('every disciple has finished the course');
    await page.getByTestId('apply-ambassador').click();
    await page.getByTestId('ambassador-status').getByText('Pending').waitFor();
    await screenshot(page, 'mentoring-tree-applied-1280-light');

    // The admin console: the mentor with 3 completed disciples, in the Ambassador and Coordinator filters.
    const admin = await ctx.signedInPage({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const a = admin.page;
    await a.goto('/admin');
    await a.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await a.getByText('Track all users, progress, and eligibility for next level').waitFor();
    for (const label of ['Total Users', 'Course Completed', 'Ambassador Eligible', 'Coordinator Eligible'])
      await a.getByText(label, { exact: true }).waitFor();
    await a.getByTestId('directory-search').fill(`mentor${stamp}`);
    await expect.poll(() => a.getByTestId('directory-row').count()).toBe(1);
    const row = rowOf(a, mentorEmail);
    expect(await row.textContent()).toContain('3 completed');
    expect(await row.textContent()).toContain('0 pending');
    const badges = await row.getByTestId('status-badges').textContent();
    expect(badges).toContain('Coordinator Ready');
    // Spec: the Ambassador badge shows only when not coordinator eligible.
    expect(badges).not.toContain('Ambassador');
    expect(await a.getByTestId('directory-footer').textContent()).toBe('Showing 1 of 1 user');

    await a.getByTestId('directory-search').fill('');
    await a.getByTestId('filter-ambassador').click();
    await rowOf(a, mentorEmail).waitFor();
    await a.getByTestId('filter-coordinator').click();
    await rowOf(a, mentorEmail).waitFor();
    await a.getByTestId('filter-completed').click();
    await a.getByTestId('directory-search').fill(`disciple${stamp}`);
    await expect.poll(() => a.getByTestId('directory-row').count()).toBe(3);
    expect(await a.getByTestId('directory-row').filter({ hasText: 'Completed' }).count()).toBe(3);
    await a.getByTestId('filter-in-progress').click();
    await a.getByTestId('no-users').waitFor();
    expect(await a.getByTestId('no-users').textContent()).toBe('No users found');
    await a.getByTestId('filter-all').click();
    await a.getByTestId('directory-search').fill('');

    // Approve the application: the role becomes ambassador.
    await a.getByRole('tab', { name: 'Ambassador applications' }).click();
    const application = a.getByTestId('application-item').filter({ hasText: mentorEmail });
    await application.waitFor();
    expect(await application.textContent()).toContain('3 disciples completed the course');
    await screenshot(a, 'admin-applications-1280-light');
    await application.getByTestId('approve-application').click();
    await a.getByText('Application approved', { exact: true }).waitFor();
    await expect
      .poll(async () => (await ctx.db.select({ r: users.role }).from(users).where(eq(users.id, mentor.id)))[0]!.r)
      .toBe('ambassador');
    await a.getByRole('tab', { name: 'Users' }).click();
    await a.getByTestId('directory-search').fill(`mentor${stamp}`);
    await expect.poll(async () => (await rowOf(a, mentorEmail).textContent()) ?? '').toContain('Ambassador');
    await a.getByRole('tab', { name: 'Audit log' }).click();
    await a.getByTestId('audit-entry').filter({ hasText: 'approved an ambassador application' }).first().waitFor();
    await admin.context.close();

    // The mentor sees the decision.
    await page.reload();
    await page.getByTestId('ambassador-status').waitFor();
    expect(await page.getByTestId('ambassador-status').textContent()).toBe('Your role: Ambassador');
    await context.close();
  });
});

describe('admin access', () => {
  it('refuses a signed-in user who is not an admin: Access Denied toast, back to /', async () => {
    const { page, context } = await ctx.signedInPage({ role: 'ambassador' });
    await page.goto('/admin');
    await page.getByText('Access Denied', { exact: true }).waitFor();
    await page.getByText("You don't have permission to access the admin dashboard.", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByTestId('admin-page').count()).toBe(0);
    await context.close();
  });
});

describe('looking at the screens', () => {
  it('a wide and deep tree stays usable on a phone (and on a desktop, light and dark, in test:screens)', async () => {
    const owner = await createUser(ctx.db, { firstName: 'Priscilla', lastName: 'Wide', email: emailOf('priscilla') });
    // 60 direct disciples (more than one screenful), one of them heading a chain 9 levels deep.
    const direct = [];
    for (let i = 0; i < 60; i++)
      direct.push(
        await createUser(ctx.db, {
          firstName: `Person${String(i).padStart(2, '0')}`,
          lastName: 'Lydiason-Longfamilyname',
          mentorId: owner.id,
        }),
      );
    let parent = direct[0]!;
    for (let depth = 2; depth <= 9; depth++)
      parent = await createUser(ctx.db, { firstName: `Level${depth}`, lastName: 'Descendant', mentorId: parent.id });
    for (const d of direct.slice(0, 20)) await passLessons(ctx.db, d.id, 8);
    for (const d of direct.slice(20, 40)) await passLessons(ctx.db, d.id, 3);

    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [390, 'dark'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const)) {
      const context = await ctx.newContext({ width, height: 844, colorScheme: theme });
      const token = await createSession(ctx.db, owner.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 });
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      await page.goto('/');
      await setTheme(page, theme);
      await page.goto('/disciple-tree');
      await page.getByTestId('disciple-tree').waitFor();
      expect(await page.getByTestId('tree-node').count()).toBe(50);
      await page.getByRole('button', { name: /Show 10 more/ }).click();
      expect(await page.getByTestId('tree-node').count()).toBe(60);
      // Open the chain three levels down, then open its branch on its own.
      await page.getByRole('button', { name: 'Show the disciples of Person00 Lydiason-Longfamilyname' }).click();
      await page.getByRole('button', { name: 'Show the disciples of Level2 Descendant' }).click();
      await page.getByRole('button', { name: 'Show the disciples of Level3 Descendant' }).click();
      await page.getByText('Level4 Descendant', { exact: true }).waitFor();
      expect(await page.getByTestId('tree-depth-value').textContent()).toBe('9 levels');
      expect(await page.getByTestId('total-impact-value').textContent()).toBe('68');
      await screenshot(page, `mentoring-tree-${width}-${theme}`);
      await page.getByRole('button', { name: 'Open the branch of Level3 Descendant' }).click();
      await page.getByRole('navigation', { name: 'Branch shown' }).getByText('Level3 Descendant').waitFor();
      await page.getByRole('button', { name: 'Show the disciples of Level4 Descendant' }).click();
      await screenshot(page, `mentoring-tree-branch-${width}-${theme}`);
      // Everything is reached by tapping, no dragging (WCAG 2.5.7: nothing wider than the screen,
      // checked by screenshot()), and every target is at least 24 by 24 px (2.5.8).
      const small = await page
        .getByTestId('disciple-tree')
        .locator('button, a, input')
        .evaluateAll((els) =>
          els.flatMap((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.width < 24 || r.height < 24)
              ? [`${el.textContent?.trim() || el.getAttribute('aria-label')} ${r.width}x${r.height}`]
              : [];
          }),
        );
      expect(small).toEqual([]);
      // Finding someone deep in the tree.
      await page.getByRole('searchbox', { name: 'Find someone in your tree...' }).fill('level8');
      await page.getByRole('button', { name: /Level8 Descendant/ }).click();
      await page.getByRole('navigation', { name: 'Branch shown' }).getByText('Level8 Descendant').waitFor();
      await context.close();
    }
  });

  it('the admin console on a phone (and at 1280 px, light and dark, in test:screens), with the inbox', async () => {
    const now = Date.now();
    const [overdue] = await ctx.db
      .insert(callbackRequests)
      .values([
        { name: `Overdue caller ${stamp}`, phone: '+1 555 0142', category: 'spiritual', createdAt: new Date(now - 50 * 3_600_000) },
        {
          name: `Urgent caller ${stamp}`,
          phone: '+1 555 0143',
          category: 'mental',
          scoreBand: 'red',
          createdAt: new Date(now - 2 * 3_600_000),
          contactMethod: 'whatsapp',
          isVoicemailSafe: false,
          goodTime: 'after 6 pm',
          language: 'fr',
        },
        { name: `Recent caller ${stamp}`, phone: '+1 555 0144', category: 'financial', createdAt: new Date(now - 600_000) },
      ])
      .returning();
    const team = await createUser(ctx.db, { role: 'coordinator', firstName: 'Phoebe', lastName: 'Teammate' });
    await createUser(ctx.db, {
      firstName: 'Long',
      lastName: 'Address',
      phone: '+1 555 0199',
      address: '1200 Very Long Boulevard of the Faithful, Building C, Apartment 42\nSpringfield, Ontario\nCanada K1A 0B1',
    });

    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'dark'],
    ] as const)) {
      const { page, context } = await ctx.signedInPage({ role: 'founder' }, { width, height: 900, colorScheme: theme });
      await page.goto('/');
      await setTheme(page, theme);
      await page.goto('/admin');
      await page.getByTestId('user-directory').waitFor();
      await screenshot(page, `admin-users-${width}-${theme}`);
      await page.getByRole('tab', { name: 'Callback requests' }).click();
      const urgent = page.getByTestId('callback-item').first();
      expect(await urgent.textContent()).toContain(`Urgent caller ${stamp}`);
      await urgent.getByTestId('priority-flag').waitFor();
      // How the person asked to be reached; a voicemail could put them at risk.
      const preferences = urgent.getByTestId('callback-preferences');
      for (const text of ['WhatsApp', 'Do not leave a voicemail', 'after 6 pm', 'French'])
        await preferences.getByText(text, { exact: true }).waitFor();
      await page
        .getByTestId('crisis-lines-check')
        .getByText('Every crisis line and emergency number on the Soul Health Check was checked in the last 12 months.')
        .waitFor();
      await page
        .getByTestId('callback-item')
        .filter({ hasText: `Overdue caller ${stamp}` })
        .getByTestId('overdue-flag')
        .waitFor();
      await screenshot(page, `admin-inbox-${width}-${theme}`);
      // A staff alert's link opens the inbox at that request.
      await page.goto(`/admin?tab=callbacks&request=${overdue!.id}`);
      const linked = page.getByTestId('callback-item').filter({ hasText: `Overdue caller ${stamp}` });
      await linked.getByText('The request from the mail').waitFor();
      expect(await linked.getAttribute('aria-current')).toBe('true');
      expect(await linked.getByTestId('overdue-flag').textContent()).toBe('Overdue (over 48 h)');
      await screenshot(page, `admin-inbox-linked-${width}-${theme}`, { fullPage: false });
      await context.close();
    }

    // A founder makes someone a coordinator from the directory; an admin may not touch a founder's role.
    {
      const { page, context } = await ctx.signedInPage({ role: 'founder' });
      await page.goto('/admin');
      await page.getByTestId('directory-search').fill('Long Address');
      await page.getByRole('button', { name: 'Manage Long Address' }).click();
      const dialog = page.getByTestId('manage-user-dialog');
      await dialog.getByTestId('current-mentor').getByText('No mentor yet.').waitFor();
      expect(await dialog.getByTestId('role-select').locator('option').allTextContents()).toEqual([
        'Member',
        'Ambassador',
        'Coordinator',
        'Admin',
        'Founder',
      ]);
      await dialog.getByTestId('role-select').selectOption('coordinator');
      // Marked as a responder: they get the callback request mails from now on.
      await dialog.getByRole('checkbox', { name: 'Responder: mailed about callback requests' }).click();
      await page.getByText('Long Address now gets the callback request mails.').first().waitFor();
      await expect.poll(async () => (await ctx.db.select().from(users).where(eq(users.firstName, 'Long')))[0]!.isResponder).toBe(true);
      await screenshot(page, 'admin-manage-role-1280-light');
      await dialog.getByTestId('save-role').click();
      await page.getByText('Role changed', { exact: true }).waitFor();
      await expect.poll(async () => (await page.getByTestId('directory-row').first().textContent()) ?? '').toContain('Coordinator');
      await context.close();
    }
    {
      const { page, context } = await ctx.signedInPage({ role: 'admin' });
      await page.goto('/admin');
      await page.getByTestId('directory-search').fill('Long Address');
      await page.getByRole('button', { name: 'Manage Long Address' }).click();
      expect(await page.getByTestId('role-select').locator('option').allTextContents()).toEqual(['Member', 'Ambassador', 'Coordinator']);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('directory-search').fill('');
      await page.getByTestId('filter-all').click();
      const founderRow = page.getByTestId('directory-row').filter({ hasText: 'Founder' }).first();
      await founderRow.getByTestId('user-name').click();
      expect(await page.getByTestId('role-select').isDisabled()).toBe(true);
      await page.getByText('Only a founder can change this role.').waitFor();
      await context.close();
    }

    // An admin takes the urgent request: assigned, contacted, noted; the audit log shows it.
    const { page, context } = await ctx.signedInPage({ role: 'admin', firstName: 'Mara', lastName: `Admin${stamp}` });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Callback requests' }).click();
    const item = page.getByTestId('callback-item').filter({ hasText: `Urgent caller ${stamp}` });
    await item.getByTestId('callback-status').selectOption('contacted');
    await item.getByTestId('callback-assignee').selectOption(team.id);
    await item.getByTestId('callback-notes').fill('Called back, praying together on Thursday.');
    await item.getByTestId('callback-save').click();
    await page.getByText('Request updated', { exact: true }).waitFor();
    const [saved] = await ctx.db
      .select()
      .from(callbackRequests)
      .where(eq(callbackRequests.name, `Urgent caller ${stamp}`));
    expect(saved).toMatchObject({ status: 'contacted', assignedTo: team.id, notes: 'Called back, praying together on Thursday.' });
    await page.getByRole('tab', { name: 'Audit log' }).click();
    // Her reads of the lists are audited too (admin.read): pick the update.
    const entry = page
      .getByTestId('audit-entry')
      .filter({ hasText: `Mara Admin${stamp}` })
      .filter({ hasText: 'updated a callback request' })
      .first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('updated a callback request');
    expect(await entry.textContent()).toContain('status New → Contacted');
    // The list views every tab writes are hidden until asked for; the filters find her update by action and by name.
    const hideViews = page.getByRole('checkbox', { name: 'Hide "opened a list of personal data"' });
    expect(await hideViews.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('audit-entry').filter({ hasText: 'opened a list of personal data' }).count()).toBe(0);
    await hideViews.click();
    await page.getByTestId('audit-entry').filter({ hasText: 'opened a list of personal data' }).first().waitFor();
    await page.getByLabel('Action').selectOption({ label: 'updated a callback request' });
    await page.getByTestId('audit-person').fill(`admin${stamp}`);
    await page.waitForFunction((who) => {
      const entries = [...document.querySelectorAll('[data-testid="audit-entry"]')];
      return (
        entries.length > 0 && entries.every((e) => e.textContent!.includes(who) && e.textContent!.includes('updated a callback request'))
      );
    }, `Mara Admin${stamp}`);
    await screenshot(page, 'admin-audit-1280-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-audit-390-light');
    await context.close();
  });

  // Success and destructive badges, flags and alerts on every screen that shows them, in both themes.
  // Light in `npm test`; dark too in `npm run test:screens`.
  it.each(screenVariants(['light', 'dark'] as const))(
    'the tree, directory, manage-user dialog, callback inbox and applications pass axe (%s)',
    async (theme) => {
      const mentor = await createUser(ctx.db, { firstName: 'Axel', lastName: `Contrast${theme}`, email: emailOf(`axe-mentor-${theme}`) });
      const done = [];
      for (let i = 0; i < 3; i++)
        done.push(await createUser(ctx.db, { firstName: `Finisher${i}`, lastName: `Axe${theme}`, mentorId: mentor.id }));
      for (const d of done) await passLessons(ctx.db, d.id, 8);
      await passLessons(ctx.db, (await createUser(ctx.db, { firstName: 'Halfway', lastName: `Axe${theme}`, mentorId: mentor.id })).id, 3);
      await ctx.db.insert(ambassadorApplications).values({ userId: mentor.id });
      await ctx.db.insert(callbackRequests).values([
        {
          name: `Urgent axe ${theme}`,
          phone: '+1 555 0150',
          category: 'mental',
          scoreBand: 'red',
          createdAt: new Date(Date.now() - 50 * 3_600_000),
        },
        { name: `Overdue axe ${theme}`, phone: '+1 555 0151', category: 'spiritual', createdAt: new Date(Date.now() - 50 * 3_600_000) },
      ]);
      await ctx.db.insert(watchmomsApplications).values({
        fullName: `Mama Axe ${theme}`,
        phone: '+1 555 0152',
        country: 'Ghana',
        cityState: 'Accra',
        churchAffiliation: 'Grace Chapel',
        reasonForJoining: 'To pray for the young people of my church every week.',
        consent: true,
      });
      const problems: string[] = [];

      const token = await createSession(ctx.db, mentor.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 });
      const mentorContext = await ctx.newContext({ width: 1280, height: 900, colorScheme: theme });
      await mentorContext.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
      await mentorContext.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const tree = await mentorContext.newPage();
      await tree.goto('/disciple-tree');
      await tree.getByTestId('disciple-tree').waitFor();
      await tree.getByText('Finisher0', { exact: false }).first().waitFor();
      problems.push(...(await seriousViolations(tree, { where: 'tree' })));
      await mentorContext.close();

      const { page, context } = await ctx.signedInPage({ role: 'founder' }, { width: 1280, height: 900, colorScheme: theme });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/admin');
      await page.getByTestId('directory-search').fill(`Axe${theme}`);
      await expect.poll(() => page.getByTestId('directory-row').count()).toBe(4);
      problems.push(...(await seriousViolations(page, { where: 'directory' })));
      await page.getByTestId('directory-row').filter({ hasText: 'Finisher0' }).getByTestId('user-name').click();
      await page.getByTestId('manage-user-dialog').waitFor();
      problems.push(...(await seriousViolations(page, { where: 'manage-user dialog' })));
      await page.keyboard.press('Escape');
      await page.getByTestId('manage-user-dialog').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Callback requests' }).click();
      await page
        .getByTestId('callback-item')
        .filter({ hasText: `Urgent axe ${theme}` })
        .getByTestId('priority-flag')
        .waitFor();
      problems.push(...(await seriousViolations(page, { where: 'callback inbox' })));
      await page.getByRole('tab', { name: 'Ambassador applications' }).click();
      await page
        .getByTestId('application-item')
        .filter({ hasText: `Contrast${theme}` })
        .waitFor();
      problems.push(...(await seriousViolations(page, { where: 'ambassador applications' })));
      await page.getByRole('tab', { name: 'WatchMoms' }).click();
      await page
        .getByTestId('watchmoms-item')
        .filter({ hasText: `Mama Axe ${theme}` })
        .waitFor();
      problems.push(...(await seriousViolations(page, { where: 'WatchMoms applications' })));
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  it('a responder who is not an admin: the callback requests from the dashboard and from a mail, status only, nothing else of the console', async () => {
    const [request] = await ctx.db
      .insert(callbackRequests)
      .values({
        name: `Responder caller ${stamp}`,
        phone: '+1 555 0150',
        category: 'mental',
        scoreBand: 'yellow',
        notes: 'Prefers evenings',
      })
      .returning();
    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'dark'],
    ] as const)) {
      const { page, context } = await ctx.signedInPage(
        { role: 'ambassador', isResponder: true, firstName: 'Rita' },
        { width, height: 900, colorScheme: theme },
      );
      await page.goto('/dashboard');
      await page.getByTestId('callbacks-button').click();
      await page.getByTestId('responder-inbox-page').waitFor();
      await page.getByRole('heading', { name: 'Callback requests', level: 1 }).waitFor();
      const item = page.getByTestId('callback-item').filter({ hasText: `Responder caller ${stamp}` });
      await item.getByTestId('callback-status').waitFor();
      // The status only: who it is assigned to and the notes are read, not edited; no other tab.
      expect(await item.getByTestId('callback-assignee').count()).toBe(0);
      expect(await item.getByTestId('callback-notes').count()).toBe(0);
      expect(await item.getByTestId('callback-notes-text').textContent()).toContain('Prefers evenings');
      expect(await page.getByRole('tab').count()).toBe(0);
      expect(await page.getByTestId('admin-button').count()).toBe(0);
      await screenshot(page, `responder-inbox-${width}-${theme}`);
      // The staff alert's link.
      await page.goto(`/admin?tab=callbacks&request=${request!.id}`);
      await item.getByText('The request from the mail').waitFor();
      await screenshot(page, `responder-inbox-linked-${width}-${theme}`, { fullPage: false });
      await context.close();
    }

    // In French, the responder marks the request contacted.
    const { page, context } = await ctx.signedInPage({ role: 'user', isResponder: true, locale: 'fr' }, { locale: 'fr-FR' });
    await page.goto(`/admin?tab=callbacks&request=${request!.id}`);
    await page.getByRole('heading', { name: 'Demandes de rappel', level: 1 }).waitFor();
    const item = page.getByTestId('callback-item').filter({ hasText: `Responder caller ${stamp}` });
    await item.getByTestId('callback-status').selectOption('contacted');
    await item.getByTestId('callback-save').click();
    await page.getByText('Demande mise à jour', { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await ctx.db.select().from(callbackRequests).where(eq(callbackRequests.id, request!.id)))[0]!.status)
      .toBe('contacted');
    await context.close();
  });
  it('both screens in French', async () => {
    const owner = await ctx.signedInPage(
      { role: 'admin', firstName: 'Élodie', lastName: 'Béland' },
      { width: 390, height: 844, locale: 'fr-FR' },
    );
    const longEmail = `anais.fille.avec.une.adresse.tres.longue.${stamp}@exemple-de-domaine.example.org`;
    const anais = await createUser(ctx.db, { firstName: 'Anaïs', lastName: 'Fille', email: longEmail, mentorId: owner.user.id });
    await passLessons(ctx.db, anais.id);
    const page = owner.page;
    await page.goto('/disciple-tree');
    await page.getByRole('heading', { name: 'Arbre des disciples' }).waitFor();
    // A tree row starts with the name: no empty space kept for an arrow a person without disciples does not have.
    const row = page.getByTestId('tree-node').filter({ hasText: 'Anaïs Fille' });
    const [rowLeft, nameLeft] = await Promise.all([
      row.locator('> div').evaluate((el) => el.getBoundingClientRect().left),
      row.getByText('Anaïs Fille').evaluate((el) => el.getBoundingClientRect().left),
    ]);
    expect(nameLeft - rowLeft).toBeLessThan(16);
    await page.getByText('Encore 2 disciples', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un disciple' }).click();
    await page.getByRole('button', { name: 'Ajouter le disciple' }).click();
    await page.getByText('Le nom complet est obligatoire').waitFor();
    await screenshot(page, 'mentoring-add-dialog-390-fr');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await screenshot(page, 'mentoring-tree-390-fr');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Tableau de bord administrateur' }).waitFor();
    await page.getByPlaceholder('Rechercher par nom ou e-mail...').waitFor();
    // Every tab is in view (none hidden past the edge), and an email beside a badge is shown whole.
    const outside = await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.filter((t) => t.getBoundingClientRect().right > window.innerWidth).map((t) => t.textContent));
    expect(outside).toEqual([]);
    const card = page.getByTestId('directory-card').filter({ hasText: 'Anaïs Fille' });
    await card.getByText('Terminé', { exact: true }).waitFor();
    const email = card.getByTestId('user-email');
    expect(await email.textContent()).toBe(longEmail);
    expect(
      await email.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= el.closest('li')!.getBoundingClientRect().right,
      ),
    ).toBe(true);
    await screenshot(page, 'admin-users-390-fr');
    // The inbox's long French view name stays inside its card.
    await page.getByRole('tab', { name: 'Demandes de rappel' }).click();
    const view = page.getByTestId('callback-inbox').getByLabel('Afficher');
    expect(
      await view.evaluate(
        (el) => el.getBoundingClientRect().right <= el.closest('[data-testid="callback-inbox"]')!.getBoundingClientRect().right - 16,
      ),
    ).toBe(true);
    await screenshot(page, 'admin-inbox-390-fr');
    await owner.context.close();
  });
});
