import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { assessmentAttempts } from '#server/db/schema/index.ts';
import { loadCourseContent } from '#server/db/seed/course.ts';
import { createUser } from '#test/app.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser, type ContextOptions } from './fixtures.ts';
import { answerDrawn } from './quiz.ts';

const ctx = useBrowser();
// Answer keys come from the content files, never from the API.
const content = loadCourseContent();
const weekContent = (week: number) => content.lessons.find((l) => l.week === week)!;
/** The lesson sections (1-based) the given shown questions come from, each once, in order. */
const sectionsOf = (lesson: ReturnType<typeof weekContent>, questions: string[]) =>
  [...new Set(questions.map((text) => lesson.questionSections[lesson.en.questions.findIndex((q) => q.text === text)]!))].sort(
    (a, b) => a - b,
  );

/** The course's lessons in week order, with their assessment. */
const lessonRows = async () =>
  (await primaryCourseLessons(ctx.db)).map((l) => ({ id: l.lessonId, week: l.week, assessmentId: l.assessmentId }));

/** Records passing attempts straight in the database, as if the user had passed weeks 1..upTo. */
async function passInDatabase(userId: string, upTo: number) {
  for (const row of (await lessonRows()).filter((r) => r.week <= upTo)) {
    const key = weekContent(row.week).answers;
    const wrong = row.week % 3 === 0 ? 1 : 0;
    const answers = key.map((a, i) => (i < wrong ? (a + 1) % 4 : a));
    const score = Math.floor(((key.length - wrong) * 100) / key.length);
    await ctx.db
      .insert(assessmentAttempts)
      .values({ userId, assessmentId: row.assessmentId, lessonId: row.id, answers, score, passed: true });
  }
}

/** Marks sections 1..upTo read, one by one, checking the count each time. */
async function readSections(page: Page, upTo: number, total: number) {
  for (let i = 1; i <= upTo; i++) {
    await page
      .getByTestId(`section-${i}`)
      .getByRole('button', { name: /Mark as read/ })
      .click();
    await page
      .getByTestId('read-count')
      .filter({ hasText: `${i} of ${total} sections read` })
      .waitFor();
  }
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

describe('the 8-week course in the browser', () => {
  it('takes a new user through every week, a failed attempt included, to a certificate whose PDF and code check out', async () => {
    const { page, context } = await ctx.signedInPage({ firstName: 'Talia', lastName: 'Mbeki' });
    await page.goto('/dashboard');
    // Nothing done yet: a first welcome, not a "welcome back".
    await page.getByRole('heading', { name: 'Welcome, Talia!' }).waitFor();
    expect(await text(page, 'stat-progress-value')).toBe('0%');
    expect(await text(page, 'stat-weeks-value')).toBe('0 / 8');
    expect(await text(page, 'stat-average-value')).toBe('N/A');
    expect(await page.getByTestId('week-1').getAttribute('data-status')).toBe('current');
    expect(await page.getByTestId('week-2').getAttribute('data-status')).toBe('locked');
    expect(await page.getByTestId('week-2').getByRole('link').count()).toBe(0);
    expect(await page.getByTestId('certificate-button').count()).toBe(0);
    // The 21-day challenge is one click away.
    await page.getByTestId('challenge-card').getByRole('button', { name: 'Start the challenge' }).click();
    await page.getByRole('dialog').getByText(content.course.challenge.en.days[20]!.title, { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    for (let week = 1; week <= 8; week++) {
      const lesson = weekContent(week);
      await page.getByTestId('current-lesson-link').click();
      await page.getByRole('heading', { level: 1, name: lesson.en.title }).waitFor();
      const gate = page.getByTestId('take-assessment');
      expect(await gate.textContent()).toContain('Read All Sections to Continue');
      expect(await gate.isDisabled()).toBe(true);

      const sections = lesson.en.sections.length;
      if (week === 1) {
        // Marks are kept in the browser: they survive a reload.
        await readSections(page, 2, sections);
        await page.reload();
        await page
          .getByTestId('read-count')
          .filter({ hasText: `2 of ${sections} sections read` })
          .waitFor();
        expect(await gate.isDisabled()).toBe(true);
        for (let i = 3; i <= sections; i++)
          await page
            .getByTestId(`section-${i}`)
            .getByRole('button', { name: /Mark as read/ })
            .click();
      } else {
        await readSections(page, sections, sections);
      }
      await page.getByRole('link', { name: 'Take the assessment' }).click();
      await page.getByTestId('assessment-page').waitFor();
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      if (week === 2) {
        const asked = await answerDrawn(page, lesson, { wrong: () => true });
        await page.getByRole('heading', { name: 'Not quite yet' }).waitFor();
        await page.getByText('You need at least 70% to pass. Please review the lesson and try again.').waitFor();
        expect(await text(page, 'result-score')).toBe('0%');
        expect(await text(page, 'result-feedback')).toContain('Read the sections below again');
        // A fail gives nothing away: only the sections the missed questions come from, linked; not the questions, never the right option.
        expect(await page.getByTestId('answer-review').count()).toBe(0);
        const hrefs = await page.getByTestId('read-section').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(hrefs).toEqual(
          sectionsOf(
            lesson,
            asked.map((q) => q.questionText),
          ).map((s) => `/lesson/${page.url().split('/').at(-1)}#section-${s}`),
        );
        const shown = (await page.getByTestId('assessment-result').textContent()) ?? '';
        expect(shown).not.toContain('Correct answer');
        for (const q of asked) expect(shown).not.toContain(q.questionText);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'course-result-failed-1280-light');
        await page.getByTestId('retry').click();
        await page.getByTestId('question-position').filter({ hasText: 'Question 1 of' }).waitFor();
        expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
      }
      await answerDrawn(page, lesson);
      await page.getByRole('heading', { name: 'You passed!' }).waitFor();
      expect(await text(page, 'result-score')).toBe('100%');
      await page.getByTestId('answer-review').waitFor();
      if (week === 1) {
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, 'course-result-passed-1280-light');
      }
      if (week === 2) {
        // The lesson page lists both attempts, newest first.
        await page.getByRole('link', { name: 'Review the lesson' }).click();
        const history = page.getByTestId('attempt-history');
        await history.waitFor();
        expect((await history.getByRole('listitem').allTextContents()).map((t) => t.replace(/^.*?(\d+%)/, '$1'))).toEqual([
          '100%Passed',
          '0%Not yet',
        ]);
        await page.goto('/dashboard');
        await page.getByRole('heading', { name: 'Welcome back, Talia!' }).waitFor();
        await page.getByTestId('dashboard-page').waitFor();
      } else if (week < 8) {
        await page.getByTestId('back-to-dashboard').click();
        await page.getByTestId('dashboard-page').waitFor();
        expect(await text(page, 'stat-weeks-value')).toBe(`${week} / 8`);
      }
      if (week < 8) {
        expect(await page.getByTestId(`week-${week}`).getAttribute('data-status')).toBe('completed');
        expect(await page.getByTestId(`week-${week + 1}`).getAttribute('data-status')).toBe('current');
      }
    }

    await page.getByTestId('get-certificate').click();
    await page.getByTestId('certificate-page').waitFor();
    await page.getByRole('heading', { name: 'Congratulations, Talia Mbeki!' }).waitFor();
    const code = await text(page, 'verification-code');
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(await page.getByTestId('certificate').textContent()).toContain('Talia Mbeki');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
    expect(download.suggestedFilename()).toBe(`certificate-${code}.pdf`);
    const pdf = execFileSync('pdftotext', ['-layout', (await download.path())!, '-'], { encoding: 'utf8' });
    expect(pdf).toContain('Talia Mbeki');
    expect(pdf).toContain(code);
    expect(pdf).toContain('Certificate of Completion');
    expect(pdf).toContain(`/verify/${code}`);

    // Back on the dashboard: everything complete, the certificate button shows.
    await page.goto('/dashboard');
    await page.getByTestId('certificate-button').waitFor();
    expect(await text(page, 'stat-progress-value')).toBe('100%');
    expect(await text(page, 'stat-average-value')).toBe('100%');
    await context.close();

    // Anyone can check the code, signed in or not.
    const visitor = await ctx.newPage();
    await visitor.goto(`/verify/${code}`);
    await visitor.getByRole('heading', { name: 'Certificate verified' }).waitFor();
    expect(await text(visitor, 'verify-holder')).toBe('Talia Mbeki');
    await visitor.getByText(content.course.en.title).waitFor();
    await visitor.goto('/verify/ABCD-EFGH-JKMN-PQRS');
    await visitor.getByRole('heading', { name: 'Unknown certificate code' }).waitFor();
    await visitor.getByText('No certificate has the code "ABCD-EFGH-JKMN-PQRS"').waitFor();
    await visitor.context().close();
  });

  // Light in `npm test`; dark too in `npm run test:screens`.
  it.each(screenVariants([false, true]))(
    'after a fail, sends each wrong question to the section that teaches it (dark: %s)',
    async (dark) => {
      const rows = await lessonRows();
      const week1 = weekContent(1);
      const { page, context } = await ctx.signedInPage({ firstName: 'Amara' }, { width: 390, height: 844 });
      await context.addInitScript(
        ({ isDark, lessonId, all }) => {
          localStorage.setItem('theme', isDark ? 'dark' : 'light');
          localStorage.setItem(`course:read-sections:${lessonId}`, JSON.stringify(all));
        },
        { isDark: dark, lessonId: rows[0]!.id, all: week1.en.sections.map((_, i) => i) },
      );
      await page.goto(`/assessment/${rows[0]!.id}`);
      // The last four wrong: 60%, close to the pass mark.
      const asked = await answerDrawn(page, week1, { wrong: (i, n) => i >= n - 4 });
      await page.getByRole('heading', { name: 'Not quite yet' }).waitFor();
      expect(await text(page, 'result-feedback')).toBe(
        "You're close! A few answers went astray: read those sections again and you'll get there.",
      );
      const missed = asked.filter((q) => !q.isRight).map((q) => q.questionText);
      const sections = sectionsOf(week1, missed);
      expect(await page.getByTestId('section-to-review').count()).toBe(sections.length);
      // Each section says how many of the missed questions come from it, and the four add up.
      const counts = await page
        .getByTestId('section-to-review')
        .evaluateAll((cards) => cards.map((c) => Number(/(\d+) questions? missed/.exec(c.textContent ?? '')?.[1])));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `course-result-review-390-${dark ? 'dark' : 'light'}`, { fullPage: true });
      const section = sections.at(-1)!;
      const link = page
        .getByTestId('section-to-review')
        .nth(sections.length - 1)
        .getByTestId('read-section');
      expect(await link.textContent()).toBe(`Read section ${section} again: ${week1.en.sections[section - 1]!.heading}`);
      await link.click();
      await page.getByTestId('lesson-page').waitFor();
      // The section is the focused element, scrolled into view; the attempt is listed.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`section-${section}`);
      expect(await page.getByTestId(`section-${section}`).isVisible()).toBe(true);
      await expect.poll(async () => (await page.getByTestId(`section-${section}`).boundingBox())!.y).toBeLessThan(844);
      await expect.poll(() => page.getByTestId('attempt-history').getByRole('listitem').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('attempt-history').scrollIntoViewIfNeeded();
      await screenshot(page, `course-lesson-attempts-390-${dark ? 'dark' : 'light'}`, { fullPage: false });
      await context.close();
    },
  );

  it('after the 3rd failed try of the day, pauses the quiz for about an hour and says when it opens, in English and French', async () => {
    const rows = await lessonRows();
    const week1 = weekContent(1);
    const readAll = ({ lessonId, all }: { lessonId: string; all: number[] }) =>
      localStorage.setItem(`course:read-sections:${lessonId}`, JSON.stringify(all));
    const setup = { lessonId: rows[0]!.id, all: week1.en.sections.map((_, i) => i) };
    /** Two failed tries earlier today, stored as the server stores them. */
    const failTwice = (userId: string) =>
      ctx.db.insert(assessmentAttempts).values(
        [20, 30].map((score, i) => ({
          userId,
          lessonId: rows[0]!.id,
          assessmentId: rows[0]!.assessmentId,
          answers: [],
          score,
          passed: false,
          createdAt: new Date(Date.now() - (30 - i) * 60_000),
        })),
      );

    const { page, context, user } = await ctx.signedInPage({ firstName: 'Ezra' }, { width: 390, height: 844 });
    await context.addInitScript(readAll, setup);
    await failTwice(user.id);
    await page.goto(`/assessment/${rows[0]!.id}`);
    const asked = await answerDrawn(page, week1, { wrong: () => true });
    await page.getByRole('heading', { name: 'Not quite yet' }).waitFor();
    // The third fail: the sections to read again, when the next try opens, and no "Try again".
    const paused = page.getByTestId('result-paused');
    expect(await paused.textContent()).toMatch(
      /^That was your 3rd try today\. Take a break and read these sections again: your next try opens at .+\.$/,
    );
    expect(await page.getByTestId('retry').count()).toBe(0);
    expect(await page.getByTestId('read-section').count()).toBe(
      sectionsOf(
        week1,
        asked.map((q) => q.questionText),
      ).length,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'course-result-paused-390-light', { fullPage: true });
    // The lesson page says it too; opening the quiz shows the pause instead of questions.
    await page.getByRole('link', { name: 'Review the lesson' }).click();
    expect(await page.getByTestId('attempts-paused').textContent()).toMatch(
      /^Your next try opens at .+\. Until then, read the lesson again\.$/,
    );
    await page.goto(`/assessment/${rows[0]!.id}`);
    const card = page.getByTestId('quiz-paused');
    await card.getByText('Time for a short break').waitFor();
    expect(await card.textContent()).toContain(
      "You have tried this week's quiz 3 times today. Read the lesson again, slowly, section by section: your next try opens at",
    );
    expect(await page.getByRole('radio').count()).toBe(0);
    await screenshot(page, 'course-quiz-paused-390-light');
    await card.getByRole('link', { name: 'Back to the lesson' }).click();
    await page.getByTestId('lesson-page').waitFor();
    await context.close();

    // In French, with the time the quiz opens again.
    const fr = await ctx.signedInPage({ firstName: 'Inès' }, { locale: 'fr-FR', width: 1280, height: 900 });
    await fr.context.addInitScript(readAll, setup);
    await failTwice(fr.user.id);
    await ctx.db
      .insert(assessmentAttempts)
      .values({ userId: fr.user.id, lessonId: rows[0]!.id, assessmentId: rows[0]!.assessmentId, answers: [], score: 40, passed: false });
    await fr.page.goto(`/assessment/${rows[0]!.id}`);
    const frCard = fr.page.getByTestId('quiz-paused');
    await frCard.getByText('C’est le moment d’une petite pause').waitFor();
    expect(await frCard.textContent()).toMatch(
      /Tu as essayé le quiz de cette semaine 3 fois aujourd’hui\. Relis la leçon tranquillement, section par section\u00a0: ton prochain essai s’ouvre le .+ à \d\d:\d\d, avec d’autres questions\./,
    );
    expect(await seriousViolations(fr.page)).toEqual([]);
    await screenshot(fr.page, 'course-quiz-paused-1280-fr');
    await fr.context.close();
  });

  it('shows a lesson in French, and switching language keeps what was read', async () => {
    const { page, context } = await ctx.signedInPage({}, { locale: 'fr-FR' });
    const week1 = (await lessonRows())[0]!;
    const fr = weekContent(1).fr;
    await page.goto(`/lesson/${week1.id}`);
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    await page.getByText(fr.keyScriptures[0]!.ref, { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: fr.sections[0]!.heading }).waitFor();
    expect(await page.getByTestId('take-assessment').textContent()).toContain('Lire toutes les sections pour continuer');
    await page
      .getByTestId('section-1')
      .getByRole('button', { name: /Marquer comme lue/ })
      .click();
    await page
      .getByTestId('read-count')
      .filter({ hasText: `1 section lue sur ${fr.sections.length}` })
      .waitFor();
    await screenshot(page, 'course-lesson-fr-1280');
    // On a phone the long French label wraps inside its button (it used to push past the edge).
    await page.setViewportSize({ width: 390, height: 844 });
    const call = page.getByTestId('take-assessment');
    expect(await call.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth && el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
    await screenshot(page, 'course-lesson-fr-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByRole('heading', { level: 1, name: weekContent(1).en.title }).waitFor();
    await page
      .getByTestId('read-count')
      .filter({ hasText: `1 of ${fr.sections.length} sections read` })
      .waitFor();
    await context.close();
  });

  it('explains locked and unknown lessons, and refuses the certificate before the end', async () => {
    const { page, context } = await ctx.signedInPage();
    const rows = await lessonRows();
    await page.goto(`/lesson/${rows[3]!.id}`);
    await page.getByRole('heading', { name: 'This week is still locked' }).waitFor();
    await page.goto('/lesson/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Lesson Not Found' }).waitFor();
    await page.goto('/assessment/not-a-lesson');
    await page.getByRole('heading', { name: 'Assessment Not Found' }).waitFor();
    await page.goto('/certificate');
    await page.getByRole('heading', { name: 'Certificate Not Available' }).waitFor();
    await page.getByText('You need to complete all 8 weeks of the course to receive your certificate').waitFor();
    await context.close();
  });

  it('shows the onboarding reminder to someone who skipped it, and the admin button only to admins', async () => {
    const skipped = await ctx.signedInPage({ onboardingStatus: 'skipped' });
    await skipped.page.goto('/dashboard');
    await skipped.page.getByTestId('onboarding-reminder').getByRole('link', { name: 'Complete my profile' }).waitFor();
    expect(await skipped.page.getByTestId('admin-button').count()).toBe(0);
    await skipped.page.getByTestId('support-card').getByRole('link', { name: 'Email: support@god-movement.org' }).waitFor();
    await skipped.page
      .getByTestId('support-card')
      .getByRole('link', { name: /WhatsApp: \+1 \(555\) 010-2030/ })
      .waitFor();
    await skipped.context.close();

    const admin = await ctx.signedInPage({ role: 'admin' });
    // Two people name this admin as their mentor: the "disciples mentored" card counts them.
    await createUser(ctx.db, { mentorId: admin.user.id });
    await createUser(ctx.db, { mentorId: admin.user.id });
    await admin.page.goto('/dashboard');
    await admin.page.getByTestId('admin-button').waitFor();
    await admin.page.getByTestId('stat-disciples-value').filter({ hasText: /^2$/ }).waitFor();
    expect(await admin.page.getByTestId('onboarding-reminder').count()).toBe(0);
    await admin.context.close();
  });
});

describe('screenshots', () => {
  const variants = screenVariants<{ name: string; opts: ContextOptions; dark: boolean }>([
    { name: '390-light', opts: { width: 390, height: 844 }, dark: false },
    { name: '1280-light', opts: { width: 1280, height: 900 }, dark: false },
    { name: '1280-dark', opts: { width: 1280, height: 900 }, dark: true },
    { name: '390-dark', opts: { width: 390, height: 844 }, dark: true },
  ]);

  it.each(variants)('dashboard, lesson, assessment and certificate at $name', async ({ name, opts, dark }) => {
    const rows = await lessonRows();
    const learner = await ctx.signedInPage({ firstName: 'Noah', lastName: 'Adeyemi' }, opts);
    await passInDatabase(learner.user.id, 3);
    const week4 = rows[3]!;
    await learner.context.addInitScript(
      ({ isDark, lessonId }) => {
        localStorage.setItem('theme', isDark ? 'dark' : 'light');
        localStorage.setItem(`course:read-sections:${lessonId}`, '[0,1]');
      },
      { isDark: dark, lessonId: week4.id },
    );
    const page = learner.page;
    const problems: string[] = [];
    await page.goto('/dashboard');
    await page.getByTestId('week-4').waitFor();
    await screenshot(page, `course-dashboard-${name}`);
    problems.push(...(await seriousViolations(page)));
    await page.goto(`/lesson/${week4.id}`);
    await page.getByTestId('read-count').waitFor();
    await screenshot(page, `course-lesson-${name}`);
    problems.push(...(await seriousViolations(page)));
    await page.goto(`/assessment/${rows[2]!.id}`);
    await page.getByTestId('question-text').waitFor();
    await page.getByRole('radio').nth(1).check();
    await screenshot(page, `course-assessment-${name}`);
    problems.push(...(await seriousViolations(page)));
    await learner.context.close();

    const graduate = await ctx.signedInPage({ firstName: 'Grace', lastName: 'Oyelaran-Whitfield' }, opts);
    await passInDatabase(graduate.user.id, 8);
    await graduate.context.addInitScript((isDark) => localStorage.setItem('theme', isDark ? 'dark' : 'light'), dark);
    await graduate.page.goto('/certificate');
    const code = await text(graduate.page, 'verification-code');
    await screenshot(graduate.page, `course-certificate-${name}`);
    problems.push(...(await seriousViolations(graduate.page)));
    await graduate.page.goto(`/verify/${code}`);
    await graduate.page.getByTestId('verify-holder').waitFor();
    await screenshot(graduate.page, `course-verify-${name}`);
    problems.push(...(await seriousViolations(graduate.page)));
    await graduate.context.close();
    expect(problems).toEqual([]);
  });
});
