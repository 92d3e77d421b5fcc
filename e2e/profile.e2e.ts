import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditLog, users } from '#server/db/schema/index.ts';
import { passLessons } from '#test/course-progress.ts';

import { baseUrl, screenshot, screenVariants, seriousViolations, useBrowser } from './fixtures.ts';

/** The profile section of /settings: a person edits their profile, and the certificate shows the new name. */
const ctx = useBrowser();

const profile = {
  phone: '+33 6 12 34 56 78',
  address: '8 rue des Lilas\nParis',
  country: 'France',
  churchDenomination: 'Protestante',
  pastorName: 'Pasteur Marc',
  birthdate: '2008-01-05',
};

describe('profile on /settings', () => {
  it('a person edits their name and sees it on the certificate, which still verifies with the same code', async () => {
    const { page, user, context } = await ctx.signedInPage({ firstName: 'Talia', lastName: 'Mbeki', ...profile });
    await passLessons(ctx.db, user.id);
    await page.goto('/certificate');
    const code = (await page.getByTestId('verification-code').textContent())!.trim();
    expect(await page.getByTestId('certificate').textContent()).toContain('Talia Mbeki');

    await page.goto('/settings');
    const form = page.getByTestId('profile-form');
    await form.waitFor();
    // What onboarding saved is there to edit.
    expect(await form.getByLabel('Country').inputValue()).toBe('France');
    expect(await form.getByLabel('Month').inputValue()).toBe('1');
    expect(await form.getByLabel('Day').inputValue()).toBe('5');
    expect(await form.getByLabel('Address').inputValue()).toBe('8 rue des Lilas\nParis');

    // The onboarding rules apply.
    await form.getByLabel("Pastor's name").fill(' ');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText('Required').waitFor();
    await form.getByLabel("Pastor's name").fill('Pasteur Marc');

    await form.getByLabel('Last name').fill('Mbeki-Okafor');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your changes are saved.').first().waitFor();
    expect((await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]).toMatchObject({
      lastName: 'Mbeki-Okafor',
      birthdate: '2008-01-05',
      country: 'France',
    });

    await page.goto('/certificate');
    await page.getByRole('heading', { name: 'Congratulations, Talia Mbeki-Okafor!' }).waitFor();
    expect(await page.getByTestId('certificate').textContent()).toContain('Talia Mbeki-Okafor');
    expect((await page.getByTestId('verification-code').textContent())!.trim()).toBe(code);
    const verified = await (await fetch(`${baseUrl()}/api/certificates/verify/${code}`)).json();
    expect(verified.holderName).toBe('Talia Mbeki-Okafor');
    // The verify page says the name changed after issue, so a printout with the earlier name makes sense.
    await page.goto(`/verify/${code}`);
    await page.getByTestId('verify-holder').getByText('Talia Mbeki-Okafor').waitFor();
    expect(await page.getByTestId('verify-renamed').textContent()).toMatch(
      /^The holder changed their name on .+, after this certificate was issued\./,
    );
    expect(await seriousViolations(page, { where: 'verify page' })).toEqual([]);
    await screenshot(page, 'verify-renamed-1280-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'verify-renamed-390-light');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action)).toContain('profile.updated');
    await context.close();
  });

  it('a Chinese and an Arabic name come out whole in the downloaded PDF (decision 032)', async () => {
    for (const [firstName, lastName] of [
      ['美玲', '陳'],
      ['فاطمة', 'الزهراء'],
    ]) {
      const { page, user, context } = await ctx.signedInPage({ firstName, lastName });
      await passLessons(ctx.db, user.id);
      await page.goto('/certificate');
      await page.getByTestId('verification-code').waitFor();
      const fonts: string[] = [];
      page.on('request', (r) => /\.(woff2|ttf)$/.test(new URL(r.url()).pathname) && fonts.push(new URL(r.url()).pathname));
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]);
      const lines = execFileSync('pdftotext', ['-raw', (await download.path())!, '-'], { encoding: 'utf8' }).split('\n');
      const line = lines[lines.indexOf('This certifies that') + 1]!;
      // pdftotext writes right-to-left text reversed between embedding marks (U+202B … U+202C).
      expect(line.startsWith('\u202b') ? [...line.slice(1, -1)].reverse().join('') : line).toBe(`${firstName} ${lastName}`);
      // Noto Serif, then one small file per script slice the name needs: never a whole CJK font.
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      expect(fonts.length).toBeLessThanOrEqual(4);
      await context.close();
    }
  });

  for (const dark of screenVariants([false, true])) {
    it(`looks right at 390 px in French (dark: ${dark})`, async () => {
      const { page, context } = await ctx.signedInPage(
        { firstName: 'Maximilien-Alexandre', lastName: 'de La Tour-Saint-Germain', ...profile },
        { width: 390, height: 844, locale: 'fr-FR', colorScheme: dark ? 'dark' : 'light' },
      );
      await page.goto('/settings');
      const form = page.getByTestId('profile-form');
      await form.waitFor();
      await form.getByLabel('Nom', { exact: true }).fill('');
      await form.getByRole('button', { name: 'Enregistrer le profil' }).click();
      await form.getByText('Obligatoire').first().waitFor();
      expect(await seriousViolations(page, { where: 'settings profile' })).toEqual([]);
      await screenshot(page, `settings-profile-390-${dark ? 'dark' : 'light'}-fr`);
      await context.close();
    });
  }
});
