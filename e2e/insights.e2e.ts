import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { assessmentAttempts, auditLog, callbackRequests } from '#server/db/schema/index.ts';
import { insightsRepositoryFactory } from '#server/modules/admin/insights/insights.repository.ts';
import { createUser } from '#test/app.ts';
import { downloadedModules, readModuleMap } from '#test/client-bundle.ts';
import { primaryCourseLessons } from '#test/course-progress.ts';

import { screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';
import { clientDir } from './global-setup.ts';

// The Insights tab (issue 31, decision 076) on seeded data: every chart with its sentence and its
// table, in English and French, at a phone's and a desktop's width, light and dark, axe-clean.
const ctx = useBrowser();
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Learners in the funnel and a tree, callback requests with their first contacts, then the nightly figures. */
async function seed() {
  const weeks = await primaryCourseLessons(ctx.db);
  const root = await createUser(ctx.db, { country: 'Haiti', locale: 'fr' });
  const learners = await Promise.all(
    Array.from({ length: 12 }, (_, i) => createUser(ctx.db, { country: 'Haiti', locale: i % 2 ? 'fr' : 'en', mentorId: root.id })),
  );
  await Promise.all(learners.slice(0, 6).map((l) => createUser(ctx.db, { country: 'Haiti', mentorId: l.id })));
  for (const [i, l] of learners.entries()) {
    const reached = i < 8 ? 2 : 1;
    for (let w = 0; w < reached; w++) {
      const lesson = weeks[w]!;
      await ctx.db.insert(assessmentAttempts).values({
        userId: l.id,
        lessonId: lesson.lessonId,
        assessmentId: lesson.assessmentId,
        answers: [],
        score: 90,
        passed: i < 10 || w === 0,
        createdAt: ago((10 - w) * DAY),
      });
    }
  }
  const admin = await createUser(ctx.db, { role: 'admin' });
  const requests = await ctx.db
    .insert(callbackRequests)
    .values(
      Array.from({ length: 16 }, (_, i) => ({
        name: 'Seeded',
        phone: '+1 555 0100',
        category: i < 10 ? ('mental' as const) : ('spiritual' as const),
        scoreBand: 'unknown' as const,
        language: 'en',
        status: 'contacted' as const,
        createdAt: ago(4 * DAY),
      })),
    )
    .returning();
  await ctx.db.insert(auditLog).values(
    requests.map((r, i) => ({
      actorId: admin.id,
      action: 'callback.updated' as const,
      targetType: 'callback_request',
      targetId: r.id,
      details: { status: { from: 'new', to: 'contacted' } },
      createdAt: new Date(r.createdAt.getTime() + (i + 2) * 3_600_000),
    })),
  );
  await insightsRepositoryFactory(ctx.db).refresh();
}

const charts = [
  'chart-funnel',
  'chart-growth',
  'chart-generations',
  'chart-mentor-loads',
  'chart-roles',
  'chart-care-categories',
  'chart-care-bands',
  'chart-care-response',
];

/** Each chart is there with its sentence, its drawing and its table (opened, so axe reads it too). */
async function expectEveryChart(page: Page) {
  for (const id of charts) {
    const card = page.getByTestId(id);
    await card.waitFor();
    expect((await card.getByTestId(`${id}-summary`).innerText()).length, `${id} has a sentence`).toBeGreaterThan(20);
    expect(await card.locator('svg').count(), `${id} is drawn`).toBeGreaterThan(0);
    await card.getByTestId(`${id}-details`).locator('summary').click();
    await expect.poll(() => card.locator('table tbody tr').count(), { message: `${id} has a table` }).toBeGreaterThan(0);
  }
}

describe('Insights', () => {
  it('an admin opens the tab and reads every chart, in English and French, at 390 and 1280 px, light and dark', async () => {
    await seed();
    // The first two cover each width, theme and language once (`npm test`); test:screens runs all four.
    const runs = screenVariants(
      [
        { width: 390, theme: 'dark', lang: 'fr' },
        { width: 1280, theme: 'light', lang: 'en' },
        { width: 390, theme: 'light', lang: 'en' },
        { width: 1280, theme: 'dark', lang: 'fr' },
      ] as const,
      2,
    );
    for (const { width, theme, lang } of runs) {
      const { page, context } = await ctx.signedInPage(
        { role: 'admin', locale: lang },
        { width, height: 900, colorScheme: theme, locale: lang === 'fr' ? 'fr-FR' : 'en-US', timezoneId: 'America/Port-au-Prince' },
      );
      await page.goto('/admin');
      await page.getByRole('tab', { name: lang === 'fr' ? 'Tendances' : 'Insights' }).click();
      await page.getByTestId('insights-panel').waitFor();
      await expectEveryChart(page);
      // Hand-counted: 12 people opened week 1 and passed it; generation 1 holds the 12, generation 2 the 6.
      const funnel = page.getByTestId('table-funnel');
      await expect.poll(() => funnel.locator('tbody tr').first().innerText()).toMatch(/12\s+12\s+0/);
      expect(await page.getByTestId('table-generations').locator('tbody tr').nth(1).innerText()).toMatch(/6$/);
      // Fewer than 5 shows as words, never as the number (generation 3 has nobody: 0; mentors with 3+: the root alone).
      const fewer = lang === 'fr' ? 'moins de 5' : 'fewer than 5';
      expect(await page.getByTestId('table-mentor-loads').innerText()).toContain(fewer);
      const sentence = await page.getByTestId('chart-care-response-summary').innerText();
      expect(sentence).toContain(lang === 'fr' ? 'objectif 24 heures' : 'goal 24 hours');
      // Ten urgent requests first contacted after 2 to 11 hours: median 6.5 hours.
      expect(await page.getByTestId('table-care-response').locator('tbody tr').first().innerText()).toContain(
        lang === 'fr' ? '6,5' : '6.5',
      );
      expect(await seriousViolations(page, { where: `insights ${width} ${theme} ${lang}` })).toEqual([]);
      await screenshot(page, `admin-insights-${width}-${theme}-${lang}`);
      await context.close();
    }
  });

  it('the filters change the figures: French speakers only, then a country with nobody', async () => {
    const { page } = await ctx.signedInPage({ role: 'founder' }, { width: 1280 });
    await page.goto('/admin?tab=insights');
    await page.getByTestId('chart-funnel-details').locator('summary').click();
    const funnel = page.getByTestId('table-funnel');
    await expect.poll(() => funnel.locator('tbody tr').first().innerText()).toMatch(/12\s+12/);
    await page.getByTestId('insights-language').selectOption('fr');
    await expect.poll(() => funnel.locator('tbody tr').first().innerText()).toMatch(/6\s+6/);
    await page.getByTestId('insights-country').selectOption('Kenya');
    await expect.poll(() => funnel.locator('tbody tr').first().innerText()).toMatch(/0\s+0/);
    // A year back, then the 7-day track instead of the course: its days done, no openings.
    await page.getByTestId('insights-period').selectOption('12m');
    await page.getByTestId('insights-course').selectOption({ index: 1 });
    await expect.poll(() => funnel.locator('thead').innerText()).toMatch(/^day\s+finished\s*$/i);
    expect(await funnel.locator('tbody tr').first().innerText()).toMatch(/^day 1\s+0\s*$/i);
  });

  it('the charts and their library are downloaded only when the tab is opened', async () => {
    const { page } = await ctx.signedInPage({ role: 'admin' }, { width: 1280 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/admin');
    await page.getByTestId('admin-page').waitFor();
    await page.waitForLoadState('networkidle');
    const moduleMap = readModuleMap(clientDir());
    const chartCode = () => downloadedModules(moduleMap, scripts).filter((m) => /^node_modules\/d3-|\/insights\//.test(m));
    expect(chartCode()).toEqual([]);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await page.getByTestId('chart-funnel').waitFor();
    expect(chartCode().some((m) => m.startsWith('node_modules/d3-scale/'))).toBe(true);
    expect(chartCode().some((m) => m.endsWith('insights/charts.tsx'))).toBe(true);
  });

  it('a responder who is not an admin sees the care charts under the inbox, and no other chart', async () => {
    const { page } = await ctx.signedInPage({ role: 'user', isResponder: true }, { width: 390 });
    await page.goto('/admin');
    await page.getByTestId('responder-inbox-page').waitFor();
    for (const id of ['chart-care-categories', 'chart-care-bands', 'chart-care-response']) await page.getByTestId(id).waitFor();
    expect(await page.getByTestId('chart-funnel').count()).toBe(0);
    expect(await page.getByTestId('chart-growth').count()).toBe(0);
    expect(await seriousViolations(page, { where: 'responder care charts', include: '[data-testid="insights-care"]' })).toEqual([]);
    await screenshot(page, 'responder-care-insights-390');
  });
});
