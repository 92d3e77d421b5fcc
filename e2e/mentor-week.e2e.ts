import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { assessmentAttempts, learnerActivity, mailOutbox, users } from '#server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/lib/session.ts';
import { unsubscribeLinksFactory } from '#server/modules/mail/unsubscribe.ts';
import { createUser } from '#test/app.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';

import { baseUrl, screenshot, screenVariants, useBrowser } from './fixtures.ts';

const ctx = useBrowser();
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function seedMentor() {
  const lessons = await primaryCourseLessons(ctx.db);
  const attempt = (userId: string, week: number, passed: boolean, when: Date) =>
    ctx.db.insert(assessmentAttempts).values({
      userId,
      lessonId: lessons[week - 1]!.lessonId,
      assessmentId: lessons[week - 1]!.assessmentId,
      answers: [],
      score: passed ? 90 : 30,
      passed,
      createdAt: when,
    });
  const mentor = await createUser(ctx.db, { firstName: 'Maya', lastName: 'Mentor' });
  const d = (firstName: string, lastName: string, over = {}) =>
    createUser(ctx.db, { firstName, lastName, mentorId: mentor.id, createdAt: daysAgo(30), ...over });
  const bo = await d('Bonaventure', 'Longfamilyname-Ekwueme');
  await attempt(bo.id, 1, false, daysAgo(15));
  await attempt(bo.id, 1, false, daysAgo(14));
  const stella = await d('Stella', 'Quiet');
  await attempt(stella.id, 1, true, daysAgo(20));
  await ctx.db.insert(learnerActivity).values({ userId: stella.id, lastLessonOpenedAt: daysAgo(10) });
  const fin = await d('Fin', 'Steady', { locale: 'fr' });
  await attempt(fin.id, 1, true, daysAgo(9));
  await attempt(fin.id, 2, true, daysAgo(2));
  await d('Nina', 'New', { createdAt: daysAgo(1) });
  return { mentor, fin };
}

describe("the mentor's week", () => {
  it('shows who needs attention above the tree, and sends an encouragement by mail (390 px and desktop, light and dark)', async () => {
    const { mentor, fin } = await seedMentor();
    let sent = false;
    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [390, 'dark'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const)) {
      const context = await ctx.newContext({ width, height: 844, colorScheme: theme });
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: await createSession(ctx.db, mentor.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 }),
          url: baseUrl(),
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
      const page = await context.newPage();
      await page.goto('/disciple-tree');
      const panel = page.getByTestId('this-week-panel');
      await panel.waitFor();
      const names = await panel.getByTestId('week-disciple').locator('p.font-medium').allTextContents();
      expect(names).toEqual(['Bonaventure Longfamilyname-Ekwueme', 'Stella Quiet', 'Fin Steady', 'Nina New']);
      await panel.getByText('Failed the week 1 quiz twice').waitFor();
      await panel.getByText('Quiet for 10 days').waitFor();
      await panel.getByText('Finished week 2').waitFor();
      await screenshot(page, `mentor-week-${width}-${theme}`);
      if (!sent) {
        await panel.getByRole('button', { name: 'Encourage Fin Steady' }).click();
        const dialog = page.getByRole('dialog', { name: 'Encourage Fin Steady' });
        await dialog.getByText("I'm proud of how you're growing. Well done!").click();
        await screenshot(page, `mentor-week-encourage-${width}-${theme}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Send' }).click();
        await dialog.waitFor({ state: 'detached' });
        await panel.getByText(/Encouragement sent\. Next one from/).waitFor();
        sent = true;
        // Mailed through the outbox, in Fin's language.
        const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, fin.email));
        expect(mail).toMatchObject({ kind: 'mentor-encouragement', locale: 'fr', subject: "Un mot d'encouragement de Maya Mentor" });
        expect(mail!.text).toContain('Ça me réjouit de te voir grandir. Bravo\u00a0!');
        expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      }
      await context.close();
    }
  });

  it('speaks French to a French mentor, at 390 px', async () => {
    const { mentor } = await seedMentor();
    await ctx.db.update(users).set({ locale: 'fr' }).where(eq(users.id, mentor.id));
    const context = await ctx.newContext({ width: 390, height: 844, locale: 'fr-FR' });
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: await createSession(ctx.db, mentor.id, { idleMs: 86_400_000, absoluteMs: 86_400_000 }),
        url: baseUrl(),
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    await page.goto('/disciple-tree');
    const panel = page.getByTestId('this-week-panel');
    await panel.getByRole('heading', { name: 'Cette semaine' }).waitFor();
    await panel.getByText('Deux échecs au quiz de la semaine 1').waitFor();
    await panel.getByText('Aucune activité depuis 10 jours').waitFor();
    await panel.getByText('A terminé la semaine 2').waitFor();
    await panel.getByRole('button', { name: 'Encourager Nina New' }).click();
    await page.getByRole('dialog', { name: 'Encourager Nina New' }).getByText('Je prie pour toi. Je suis là si tu as besoin.').waitFor();
    await screenshot(page, 'mentor-week-encourage-390-fr', { fullPage: false });
    await page.keyboard.press('Escape');
    await screenshot(page, 'mentor-week-390-fr');
    await context.close();
  });

  it('an unsubscribe link opens a page that asks first, then turns the mails off without signing in', async () => {
    const owner = await createUser(ctx.db);
    const token = await unsubscribeLinksFactory({ db: ctx.db, siteUrl: baseUrl() }).tokenFor('encouragement', owner.id);
    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [1280, 'dark'],
    ] as const)) {
      const page = await ctx.newPage({ width, colorScheme: theme });
      await page.goto(`/unsubscribe/${token}`);
      await page.getByRole('heading', { name: 'Stop reminder mails?' }).waitFor();
      await screenshot(page, `unsubscribe-${width}-${theme}`);
      // Opening the page changed nothing.
      expect((await ctx.db.select({ on: users.notifyEncouragement }).from(users).where(eq(users.id, owner.id)))[0]!.on).toBe(true);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await screenshot(page, `unsubscribe-done-${width}-${theme}`);
      expect((await ctx.db.select({ on: users.notifyEncouragement }).from(users).where(eq(users.id, owner.id)))[0]!.on).toBe(false);
      await ctx.db.update(users).set({ notifyEncouragement: true }).where(eq(users.id, owner.id));
      await page.context().close();
    }
  });
});

describe('settings → notifications', () => {
  it('shows where mail goes and turns each kind of mail off and on (390 px and desktop, light and dark)', async () => {
    const { user, page, context } = await ctx.signedInPage({ firstName: 'Noa' });
    const prefs = async () =>
      (await ctx.db.select({ e: users.notifyEncouragement, d: users.notifyMentorDigest }).from(users).where(eq(users.id, user.id)))[0]!;
    await page.goto('/settings');
    const section = page.getByTestId('settings-notifications');
    await section.getByText(`sent to ${user.email}`, { exact: false }).waitFor();
    await section.getByRole('checkbox', { name: 'Weekly digest about your disciples' }).click();
    await expect.poll(prefs).toEqual({ e: true, d: false });
    await section.getByRole('checkbox', { name: 'Reminders and encouragement' }).click();
    await expect.poll(prefs).toEqual({ e: false, d: false });
    await page.reload();
    expect(await section.getByRole('checkbox', { name: 'Reminders and encouragement' }).getAttribute('aria-checked')).toBe('false');
    await section.getByRole('checkbox', { name: 'Reminders and encouragement' }).click();
    await expect.poll(prefs).toEqual({ e: true, d: false });
    await context.close();
    for (const [width, theme] of screenVariants([
      [390, 'light'],
      [390, 'dark'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const)) {
      const shot = await ctx.signedInPage({}, { width, colorScheme: theme });
      await shot.page.goto('/settings');
      await shot.page.getByTestId('settings-notifications').getByRole('checkbox', { name: 'Reminders and encouragement' }).waitFor();
      await shot.page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
      await screenshot(shot.page, `settings-notifications-${width}-${theme}`);
      await shot.context.close();
    }
  });
});
