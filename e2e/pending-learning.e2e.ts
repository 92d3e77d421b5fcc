import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { assessmentAttempts, assessmentDraws, challengeDays, parentalConsents, sectionReads } from '#server/db/schema/index.ts';
import { loadCourseContent } from '#server/db/seed/course.ts';
import { hashToken, newToken } from '#server/lib/session.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';

import { screenshot, seriousViolations, useBrowser } from './fixtures.ts';
import { answerDrawn } from './quiz.ts';

/**
 * Decision 062: a French 14-year-old whose parent has not agreed yet reads week 1 and takes its
 * quiz. Nothing of it reaches the server: the answers wait in the browser, and the screen says why.
 * The parent agrees (the page says the law asks both of them); back on the quiz, the answers are
 * sent and the result shows.
 */
const ctx = useBrowser();
const week1 = loadCourseContent().lessons.find((l) => l.week === 1)!;

describe('learning while a parent has not agreed', () => {
  it('keeps the quiz on the device until the parent agrees, then sends it once', async () => {
    const now = new Date();
    const { user, page } = await ctx.signedInPage(
      {
        firstName: 'Léa',
        locale: 'fr',
        consentStatus: 'pending_parent',
        birthYear: now.getUTCFullYear() - 14,
        birthMonth: 1,
        residenceCountry: 'FR',
        onboardingStatus: 'pending',
      },
      { locale: 'fr-FR', width: 390 },
    );
    const token = newToken();
    await ctx.db.insert(parentalConsents).values({ userId: user.id, parentEmail: 'maman.lea@example.org', tokenHash: hashToken(token) });
    const lesson = (await primaryCourseLessons(ctx.db)).find((l) => l.week === 1)!;

    await page.goto(`/lesson/${lesson.lessonId}`);
    await page.getByRole('heading', { level: 1, name: week1.fr.title }).waitFor();
    for (let i = 1; i <= week1.fr.sections.length; i++)
      await page
        .getByTestId(`section-${i}`)
        .getByRole('button', { name: /Marquer comme lue/ })
        .click();
    await page.getByRole('link', { name: "Passer l'évaluation" }).click();
    await page.getByTestId('assessment-page').waitFor();
    // The draw of an account waiting for a parent is not stored (decision 062); its answers wait here.
    await answerDrawn(page, week1, { lang: 'fr' });

    const kept = page.getByTestId('quiz-kept-for-parent');
    await kept.getByText('Tes réponses sont gardées sur cet appareil').waitFor();
    await kept.getByText(/Ton parent n'a pas encore dit oui/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'quiz-kept-for-parent-fr-390');
    // Nothing of the course on the server: no attempt, no section read, no tick.
    expect(await ctx.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(sectionReads).where(eq(sectionReads.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(challengeDays).where(eq(challengeDays.userId, user.id))).toEqual([]);
    expect(await ctx.db.select().from(assessmentDraws).where(eq(assessmentDraws.userId, user.id))).toEqual([]);

    // The parent, in their own browser: the law asks Léa's agreement and theirs together.
    const parent = await ctx.newPage({ locale: 'fr-FR' });
    await parent.goto(`/parent-consent/${token}`);
    await parent.getByTestId('parent-joint').getByText("la loi demande l'accord de Léa et celui d'un parent, ensemble").waitFor();
    expect(await seriousViolations(parent)).toEqual([]);
    await screenshot(parent, 'parent-consent-joint-fr-1280');
    await parent.getByRole('button', { name: 'Je donne mon accord' }).click();
    await parent.getByText('Merci\u00a0: tu as donné ton accord').waitFor();

    // Now the profile form comes first (left for later here); on the dashboard the answers kept on
    // the device are sent, stored once, and a toast gives the score.
    await page.reload();
    await page.getByRole('button', { name: "Passer pour l'instant" }).click();
    await page.getByTestId('dashboard-page').waitFor();
    await page.getByText('Les réponses gardées sur cet appareil sont arrivées\u00a0: 100\u00a0%.', { exact: true }).waitFor();
    await screenshot(page, 'quiz-sent-after-parent-fr-390');
    await expect
      .poll(async () => (await ctx.db.select().from(assessmentAttempts).where(eq(assessmentAttempts.userId, user.id))).length)
      .toBe(1);
    // The section marks kept in the browser went with the first sync too.
    await expect
      .poll(async () => (await ctx.db.select().from(sectionReads).where(eq(sectionReads.userId, user.id))).length)
      .toBe(week1.fr.sections.length);
  });
});
