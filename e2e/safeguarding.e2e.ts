import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

import { auditLog, mentorApprovals, parentalConsents, safeguardingConcerns, users } from '#server/db/schema/index.ts';
import { hashToken, newToken } from '#server/lib/session.ts';
import { createUser } from '#test/app.ts';
import { linkIn, startTestSmtp, type TestSmtp } from '#test/smtp.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/**
 * Issue 25: a 15-year-old raises a concern about their mentor from the tree page; the safeguarding
 * lead gets the mail through this file's SMTP server, opens the concern and pauses the link; the
 * mentor sees the link paused, the teenager the concern's status, and the audit log each step
 * without what was written.
 */
const smtp: TestSmtp = await startTestSmtp();
afterAll(() => smtp.stop());
const ctx = useBrowser({ env: { SMTP_URL: smtp.url } });

const year = new Date().getUTCFullYear();
/** Born in January of the year that makes them `age` (in January itself, a year earlier: the birthday month counts as not reached). */
const aged = (age: number) => ({ birthYear: year - age - (new Date().getUTCMonth() === 0 ? 1 : 0), birthMonth: 1 });
const WORDS = 'He asked me to keep our chats secret from my parents and it made me uneasy';

const mentorFields = (stamp: string) => ({
  ...aged(34),
  firstName: 'Marc',
  lastName: `Mentor${stamp}`,
  email: `marc.${stamp}@example.org`,
});
/** A mentor of minors approved a year ahead (a lead's decision, made in the database). */
const approve = (userId: string) =>
  ctx.db
    .insert(mentorApprovals)
    .values({ userId, checks: 'Background check and two references', expiresAt: new Date(Date.now() + 365 * 86_400_000) });

describe('safeguarding', () => {
  it('a 15-year-old raises a concern from the tree; the lead is mailed, opens it and pauses the link; each side sees what it should', async () => {
    const asMentor = await ctx.signedInPage(mentorFields('flow'));
    const mentor = asMentor.user;
    await approve(mentor.id);
    const lead = await ctx.signedInPage({
      ...aged(45),
      isSafeguardingLead: true,
      firstName: 'Lena',
      lastName: 'Lead',
      email: 'lena.lead@example.org',
    });
    const teen = await ctx.signedInPage(
      { ...aged(15), firstName: 'Tom', lastName: 'Teen', email: 'tom.teen@example.org', mentorId: mentor.id },
      { width: 390 },
    );

    // The teenager, on the tree page, tells the lead about their mentor.
    await teen.page.goto('/disciple-tree');
    const myMentor = teen.page.getByTestId('my-mentor');
    await myMentor.getByText('Marc Mentorflow').waitFor();
    await myMentor.getByRole('button', { name: 'Raise a concern' }).click();
    const dialog = teen.page.getByTestId('raise-concern-dialog');
    await dialog.getByRole('heading', { name: 'Raise a concern about Marc Mentorflow' }).waitFor();
    expect(await seriousViolations(teen.page)).toEqual([]);
    await screenshot(teen.page, 'safeguarding-raise-390', { fullPage: false });
    await dialog.getByLabel('What happened, in your words').fill(WORDS);
    await dialog.getByLabel('Do not tell the person concerned who I am').check();
    await dialog.getByRole('button', { name: 'Send my concern' }).click();
    await dialog.getByText('Your concern was received.').waitFor();
    expect(await seriousViolations(teen.page)).toEqual([]);
    await screenshot(teen.page, 'safeguarding-raised-390', { fullPage: false });

    // The lead's mail holds a link, no name and no words.
    const alert = await smtp.waitFor(
      (m) => m.to.includes('lena.lead@example.org') && m.subject === 'A safeguarding concern was raised',
      20_000,
    );
    for (const secret of ['Marc', 'Tom', 'uneasy']) expect(alert.text).not.toContain(secret);
    await lead.page.goto(linkIn(alert, '/admin'));
    await lead.page.getByTestId('safeguarding-console').waitFor();
    const detail = lead.page.getByTestId('concern-detail');
    await detail.getByTestId('concern-body').getByText(WORDS).waitFor();
    await detail.getByText('They asked not to be named to the person concerned.').waitFor();
    expect(await seriousViolations(lead.page)).toEqual([]);
    await screenshot(lead.page, 'safeguarding-concern-1280');
    await detail.getByRole('button', { name: 'Pause the link' }).click();
    await detail.getByRole('button', { name: 'Resume the link' }).waitFor();
    await detail.getByRole('button', { name: 'Being looked at' }).click();
    await lead.page.getByTestId('concern-row').locator('p span', { hasText: 'Being looked at' }).waitFor();

    // The mentor sees "paused", not why, and nothing of the teenager's progress or address.
    await asMentor.page.goto('/disciple-tree');
    const node = asMentor.page.getByTestId('tree-node').filter({ hasText: 'Tom Teen' });
    await node.getByTestId('tree-node-paused').getByText('Paused', { exact: true }).waitFor();
    expect(await node.textContent()).not.toContain('tom.teen@example.org');
    expect(await node.getByRole('progressbar').count()).toBe(0);
    expect(await seriousViolations(asMentor.page)).toEqual([]);
    await screenshot(asMentor.page, 'safeguarding-mentor-paused-1280');

    // The teenager follows the concern in Settings.
    await teen.page.goto('/settings#concerns');
    const mine = teen.page.getByTestId('my-concern');
    await mine.getByText('About Marc Mentorflow').waitFor();
    await mine.getByText('Being looked at').waitFor();
    expect(await seriousViolations(teen.page)).toEqual([]);
    await screenshot(teen.page, 'safeguarding-settings-390');

    // Each step in the decisions, and nothing of the words in the audit rows.
    await lead.page.reload();
    const audit = lead.page.getByTestId('safeguarding-audit');
    for (const step of [
      'raised a safeguarding concern',
      'opened a safeguarding concern',
      'paused a mentoring link',
      "changed a concern's status",
    ])
      await audit.getByText(step).first().waitFor();
    const rows = await ctx.db.select().from(auditLog).where(like(auditLog.action, 'safeguarding.%'));
    expect(JSON.stringify(rows)).not.toContain('uneasy');
    const [stored] = await ctx.db.select().from(safeguardingConcerns);
    expect(stored!.status).toBe('in_review');
    expect((await ctx.db.select().from(users).where(eq(users.id, teen.user.id)))[0]!.mentorPausedAt).not.toBeNull();

    // From Settings, a concern about someone outside the tree, by the name the teenager types.
    await teen.page.getByTestId('settings-safeguarding').getByRole('button', { name: 'Raise a concern' }).click();
    const byName = teen.page.getByTestId('raise-concern-dialog');
    await byName.getByLabel('Who is it about?').fill('A youth group helper');
    await byName.getByLabel('What happened, in your words').fill('He keeps asking for my phone number after the meetings.');
    expect(await seriousViolations(teen.page)).toEqual([]);
    await screenshot(teen.page, 'safeguarding-raise-by-name-390', { fullPage: false });
    await byName.getByRole('button', { name: 'Send my concern' }).click();
    await byName.getByText('Your concern was received.').waitFor();
    await byName.getByRole('button', { name: 'Close', exact: true }).first().click();
    await mine.getByText('About A youth group helper').waitFor();
    await Promise.all([teen.context.close(), lead.context.close(), asMentor.context.close()]);
  });

  it('anyone raises a concern on the public page and follows it; a parent raises one from their mail; the lead approves a waiting adult', async () => {
    // The public page, without an account: a receipt with the status link.
    const visitor = await ctx.newPage({ width: 390 });
    await visitor.goto('/report-concern');
    await visitor.getByLabel('Who is it about?').fill('A youth camp leader');
    await visitor.getByLabel('What happened, in your words').fill('At the camp he took photos of the girls changing and laughed about it.');
    await visitor.getByLabel('Your email (optional)').fill('worried.visitor@example.org');
    await visitor.getByRole('button', { name: 'Send my concern' }).click();
    await visitor.getByText('Your concern was received.').waitFor();
    await visitor.getByTestId('concern-status-link').click();
    await visitor.getByTestId('concern-status-page').getByText('Received').waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'safeguarding-status-390');
    const ack = await smtp.waitFor((m) => m.to.includes('worried.visitor@example.org'), 20_000);
    expect(ack.subject).toBe('We received your concern');
    await visitor.context().close();

    // A parent, from the page their mail links to, about their child's mentor.
    const mentor = await createUser(ctx.db, mentorFields('parent'));
    await approve(mentor.id);
    const child = await createUser(ctx.db, { ...aged(13), firstName: 'Ada', lastName: 'Child', mentorId: mentor.id });
    const token = newToken();
    await ctx.db.insert(parentalConsents).values({
      userId: child.id,
      parentEmail: 'ada.parent@example.org',
      tokenHash: hashToken(newToken()),
      grantedAt: new Date(),
      mentorsTokenHash: hashToken(token),
    });
    const parent = await ctx.newPage();
    await parent.goto(`/parent-mentors/${token}`);
    await parent.getByTestId('parent-mentor').getByText('Marc Mentorparent').waitFor();
    await parent.getByLabel('Who is it about?').selectOption({ label: 'Marc Mentorparent' });
    await parent.getByLabel('What happened, in your words').fill('Ada says he messages her late at night.');
    await parent.getByRole('button', { name: 'Send my concern' }).click();
    await parent.getByText('Your concern was received.').waitFor();
    const [fromParent] = await ctx.db.select().from(safeguardingConcerns).where(eq(safeguardingConcerns.aboutUserId, mentor.id));
    expect(fromParent).toMatchObject({ source: 'parent', contactEmail: 'ada.parent@example.org' });
    await parent.context().close();

    // An adult refused a link with a minor waits for approval; the lead approves them from the tab.
    const waiting = await createUser(ctx.db, {
      ...aged(29),
      firstName: 'Wes',
      lastName: 'Waiting',
      email: 'wes.waiting@example.org',
      mentorApprovalRequestedAt: new Date(),
    });
    const lead = await ctx.signedInPage({ ...aged(45), isSafeguardingLead: true });
    await lead.page.goto('/admin?tab=safeguarding');
    const row = lead.page.getByTestId('mentor-row').filter({ hasText: 'Wes Waiting' });
    await row.getByText('Awaiting approval').waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    const form = lead.page.getByTestId('approve-form');
    expect(await form.getByLabel('Their email').inputValue()).toBe('wes.waiting@example.org');
    await form.getByLabel('What was checked').fill('Criminal record check seen 2026-11-20; two references; safeguarding course');
    await form.getByRole('button', { name: 'Approve' }).click();
    await row.getByText(/^Approved until/).waitFor();
    const [approval] = await ctx.db.select().from(mentorApprovals).where(eq(mentorApprovals.userId, waiting.id));
    expect(new Date(approval!.expiresAt).getUTCFullYear()).toBe(year + 3);
    await lead.page.getByTestId('safeguarding-audit').getByText('approved a mentor of under-18s').waitFor();
    await lead.context.close();
  });

  it('looks right at 390 and 1280 px, light and dark, in English and French', async () => {
    const mentor = await createUser(ctx.db, mentorFields('looks'));
    await approve(mentor.id);
    const child = await createUser(ctx.db, { ...aged(14), firstName: 'Zoé', lastName: 'Enfant', mentorId: mentor.id });
    const token = newToken();
    await ctx.db.insert(parentalConsents).values({
      userId: child.id,
      parentEmail: 'parent.looks@example.org',
      tokenHash: hashToken(newToken()),
      grantedAt: new Date(),
      mentorsTokenHash: hashToken(token),
    });
    const problems: string[] = [];
    for (const [width, theme, lang] of screenVariants([
      [390, 'light', 'en'],
      [1280, 'dark', 'fr'],
      [1280, 'light', 'en'],
      [390, 'dark', 'fr'],
      [390, 'light', 'fr'],
      [1280, 'dark', 'en'],
    ] as const)) {
      const where = `${width}-${theme}-${lang}`;
      const locale = lang === 'fr' ? 'fr-FR' : 'en-US';
      const visitor = await ctx.newPage({ width, colorScheme: theme, locale });
      await visitor.goto('/report-concern');
      await visitor.getByTestId('report-concern-page').waitFor();
      await visitor.locator('form button[type=submit]').click();
      await visitor.getByRole('alert').first().waitFor();
      problems.push(...(await seriousViolations(visitor, { where: `report ${where}` })));
      await screenshot(visitor, `safeguarding-report-${where}`);
      await visitor.goto(`/parent-mentors/${token}`);
      await visitor.getByTestId('parent-mentor').getByText('Marc Mentorlooks').waitFor();
      problems.push(...(await seriousViolations(visitor, { where: `parent ${where}` })));
      await screenshot(visitor, `safeguarding-parent-${where}`);
      await visitor.context().close();

      const lead = await ctx.signedInPage({ ...aged(45), isSafeguardingLead: true, locale: lang }, { width, colorScheme: theme, locale });
      await lead.page.goto('/admin?tab=safeguarding');
      await lead.page.getByTestId('safeguarding-mentors').getByText('Marc Mentorlooks').waitFor();
      problems.push(...(await seriousViolations(lead.page, { where: `console ${where}` })));
      await screenshot(lead.page, `safeguarding-console-${where}`);
      await lead.context.close();
    }
    expect(problems).toEqual([]);
  });
});
