import { describe, expect, it } from 'vitest';

import { downloadedModules, forbiddenModules, readModuleMap } from '#test/client-bundle.ts';
import { passLessons, primaryCourseLessons } from '#test/course-progress.ts';

import { baseUrl, fillConsent, screenshot, signUpLinkFor, useBrowser } from './fixtures.ts';
import { clientDir } from './global-setup.ts';

const ctx = useBrowser();

describe('route gates', () => {
  it('shows the landing page to a visitor at /dashboard', async () => {
    const page = await ctx.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('landing-page').waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);
    await page.context().close();
  });

  it('lets a visitor open /soul-health-check, without a single API call', async () => {
    const page = await ctx.newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    await page.goto('/soul-health-check');
    await page.getByTestId('soul-health-check').waitFor();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    await page.context().close();
  });

  it('shows the 404 page to a signed-in user at an unknown path, with a way to the dashboard and home', async () => {
    const { page, context } = await ctx.signedInPage();
    await page.goto('/nope');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('This page doesn’t exist, or it has moved.').waitFor();
    expect(await page.getByTestId('not-found-home').getAttribute('href')).toBe('/');
    await page.getByTestId('not-found-dashboard').click();
    await page.getByTestId('dashboard-page').waitFor();
    await context.close();
  });

  it('sends a signed-in user who has not onboarded to onboarding, whatever the path', async () => {
    const { page, context } = await ctx.signedInPage({ onboardingStatus: 'pending' });
    await page.goto('/disciple-tree');
    await page.getByTestId('onboarding-page').waitFor();
    await context.close();
  });
});

describe('code splitting', () => {
  it("loads none of the signed-in screens' code, no zod, no API client and no PDF code on the landing page", async () => {
    const page = await ctx.newPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    const requests: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      requests.push(pathname);
      if (r.resourceType() === 'script') scripts.push(pathname);
    });
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    await page.waitForLoadState('networkidle');
    // By source module, from the build's chunk map: what each downloaded script is made of.
    const moduleMap = readModuleMap(clientDir());
    // The server's prerendered page (docs/decisions/057): its texts are in the HTML, and its one
    // script is ours alone (no React, no i18next); nothing is asked of the API or for translations.
    expect(downloadedModules(moduleMap, scripts).filter((m) => m.startsWith('node_modules/'))).toEqual([]);
    expect(requests.filter((p) => p.startsWith('/api/') || p.startsWith('/locales/'))).toEqual([]);
    for (const screen of [
      'dashboard-page',
      'lesson-page',
      'assessment-page',
      'certificate-page',
      'admin-page',
      'disciple-tree-page',
      'evangelism-tools-page',
      'onboarding-page',
    ])
      expect(
        scripts.filter((s) => s.includes(screen)),
        screen,
      ).toEqual([]);
    const found = forbiddenModules(moduleMap, scripts);
    expect(found.zod).toEqual([]);
    expect(found['API client']).toEqual([]);
    expect(found.PDF).toEqual([]);
    expect(found['signed-in screens']).toEqual([]);
    await page.context().close();
  });

  it("downloads the first screens' scripts, translations and current-user answer early, each once (public/boot.js)", async () => {
    // A signed-in user's `/` is the app (not rendered on the server, decision 084): its first screen (the dashboard) needs the current-user answer.
    const { context: signedIn } = await ctx.signedInPage({}, { width: 390, height: 844, locale: 'fr-FR' });
    for (const [path, ready, early, context] of [
      ['/', 'dashboard-page', ['/locales/fr/common.json', '/locales/en/common.json', '/api/auth/user'], signedIn],
      ['/soul-health-check', 'soul-health-check', ['/locales/fr/public.json', '/locales/en/public.json'], undefined],
    ] as const) {
      const page = context ? await context.newPage() : await ctx.newPage({ width: 390, height: 844, locale: 'fr-FR' });
      const paths: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === baseUrl()) paths.push(url.pathname);
      });
      await page.goto(path);
      await page.getByTestId(ready).waitFor();
      await page.waitForLoadState('networkidle');
      // Nothing twice: the app's own fetches and imports took the preloaded responses, and the
      // current user is asked for once per page load (docs/decisions/078).
      expect(
        paths.filter((p, i) => paths.indexOf(p) !== i),
        path,
      ).toEqual([]);
      for (const file of early) expect(paths, path).toContain(file);
      if (path === '/soul-health-check') {
        // Its screen's chunk was asked for by boot.js (as a module preload), not only by the app.
        const boot = await (await fetch(`${baseUrl()}/boot.js`)).text();
        const screenScripts = JSON.parse(boot.match(/var firstScreenScripts = (\{.*\});/)![1]!)['/soul-health-check'] as string[];
        expect(screenScripts.some((s) => s.includes('soul-health-check-page'))).toBe(true);
        for (const script of screenScripts) expect(paths).toContain(script);
      }
      await page.context().close();
    }
  });

  it("sends each signed-in first screen rendered with the person's data, which the app hydrates without asking again or a loading screen (decisions 078, 084)", async () => {
    const [week1] = await primaryCourseLessons(ctx.db);
    const { context, user } = await ctx.signedInPage({ firstName: 'Rendered' }, { width: 390, height: 844 });
    // Week 1 passed: its quiz opens again without reading first.
    await passLessons(ctx.db, user.id, 1);
    const boot = await (await fetch(`${baseUrl()}/boot.js`)).text();
    const scriptsOf = JSON.parse(boot.match(/var firstScreenScripts = (\{.*\});/)![1]!) as Record<string, string[]>;
    // Each screen: its path, the element it shows, its key in boot.js, its chunk, a text of its
    // data, and reads the server answered that the app must not ask again.
    for (const [path, ready, key, chunk, text, answered] of [
      ['/dashboard', 'dashboard-page', '/dashboard', 'dashboard-page', 'Rendered', ['/api/courses?lang=en', '/api/progress/']],
      [`/lesson/${week1!.lessonId}`, 'lesson-page', '/lesson/:id', 'lesson-page', 'Week 1', [`/api/lessons/${week1!.lessonId}?lang=en`]],
      [
        `/assessment/${week1!.lessonId}`,
        'assessment-page',
        '/assessment/:id',
        'assessment-page',
        'Week 1',
        [`/api/lessons/${week1!.lessonId}/assessment?lang=en`],
      ],
      ['/disciple-tree', 'disciple-tree-page', '/disciple-tree', 'disciple-tree-page', 'Disciple Tree', ['/api/disciples/tree']],
      ['/settings', 'page-settings', '/settings', 'settings-page', user.email, ['/api/profile']],
    ] as const) {
      const page = await context.newPage();
      // Records whether a loading screen was ever in the page while it loaded.
      await page.addInitScript(() => {
        const w = window as unknown as { sawLoading?: boolean };
        new MutationObserver(() => {
          if (document.querySelector('#root [role="status"] .animate-spin')) w.sawLoading = true;
        }).observe(document, { subtree: true, childList: true });
      });
      const requests: string[] = [];
      const warnings: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.origin === baseUrl()) requests.push(url.pathname + url.search);
      });
      page.on('console', (m) => {
        if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
      });
      // A first render that differs from the server's (hydration failing) is reported as an uncaught error.
      page.on('pageerror', (e) => warnings.push(e.message));
      // The HTML itself is the screen, with the person's data, inert until the app runs.
      const html = await (await page.goto(path))!.text();
      expect(html, path).toContain('data-prerendered="screen"');
      expect(html, path).toContain(`data-testid="${ready}"`);
      expect(html, path).toContain(text.replace(/'/g, '&#x27;'));
      expect(html, path).toContain('<div id="root" inert>');
      // goto resolved once the app replaced the copy (e2e/fixtures.ts): the same screen, live.
      await page.getByTestId(ready).getByText(text).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { sawLoading?: boolean }).sawLoading ?? false), path).toBe(false);
      // Nothing asked twice; the current user and the screen's reads come with the page.
      expect(
        requests.filter((p, i) => requests.indexOf(p) !== i),
        path,
      ).toEqual([]);
      expect(requests, path).not.toContain('/api/auth/user');
      for (const read of answered)
        expect(
          requests.filter((p) => p.startsWith(read)),
          `${path}: ${read}`,
        ).toEqual([]);
      // The app took the server's HTML over as it was (hydration: no error, no difference), no CSP
      // refusal (its style attributes are allowed by hash) and no preload went unused.
      expect(
        warnings.filter((w) => !w.includes('Service Worker registration blocked by Playwright')),
        path,
      ).toEqual([]);
      // The screen's own chunk was a module preload from boot.js, beside the entry's scripts.
      expect(
        scriptsOf[key]!.some((s) => s.includes(chunk)),
        path,
      ).toBe(true);
      for (const script of scriptsOf[key]!) expect(requests, path).toContain(script);
      // Every module the screen runs was preloaded by boot.js, a few links per task after the paint:
      // the app's imports added none of their own, all at once in the middle of its start (Vite's
      // preload helper marks its links crossorigin=""), which held a slow phone 45-105 ms (decision 085).
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('link[rel="modulepreload"]')]
            .filter((l) => l.getAttribute('crossorigin') !== 'anonymous')
            .map((l) => l.getAttribute('href')),
        ),
        path,
      ).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});

describe('a signed-in screen rendered on the server, in a browser far from its time zone', () => {
  it('works where today is another day than on the server: the app renders anew what differs (decision 084)', async () => {
    // At any hour of the server's day, one of these two is on another date (UTC+14 and UTC-12).
    for (const timezoneId of ['Etc/GMT-14', 'Etc/GMT+12']) {
      const { page, user } = await ctx.signedInPage({ firstName: 'Farzone' }, { width: 390, height: 844, timezoneId });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [path, ready] of [
        ['/dashboard', 'dashboard-page'],
        ['/settings', 'page-settings'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).waitFor();
        expect(await page.getByTestId('crash-screen').count(), `${timezoneId} ${path}`).toBe(0);
      }
      // The screen answers: the account is shown and a choice applies.
      expect(await page.getByTestId('settings-email').textContent()).toBe(user.email);
      await page.getByText('Dark', { exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      expect(errors, timezoneId).toEqual([]);
      await page.context().close();
    }
  });
});

describe('static files', () => {
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${path}`, { headers });

  it('serves robots.txt as text, not the app shell', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^User-agent: \*/m);
  });

  it('sends hashed assets precompressed and immutable, and the page shell revalidated by ETag', async () => {
    const html = await (await get('/')).text();
    const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    // fetch decodes bodies itself; send raw requests' headers and compare decoded bodies.
    const plain = await get(entry, { 'accept-encoding': 'identity' });
    const br = await get(entry, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(entry, { 'accept-encoding': 'gzip' });
    expect([plain.headers.get('content-encoding'), br.headers.get('content-encoding'), gz.headers.get('content-encoding')]).toEqual([
      null,
      'br',
      'gzip',
    ]);
    const source = await plain.text();
    expect(await br.text()).toBe(source);
    expect(await gz.text()).toBe(source);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(Number(plain.headers.get('content-length')) / 2);

    const shell = await get('/', { 'accept-encoding': 'br' });
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const etag = shell.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another encoding is another representation: its ETag differs and the old one does not match.
    expect((await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
  });

  it('answers 404 for a missing asset instead of the app shell', async () => {
    const res = await get('/assets/missing-0000.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
  });
});

describe('sign-up and sign-in in the browser', () => {
  it('creates an account, signs out, and signs back in; a wrong password is refused', async () => {
    const page = await ctx.newPage();
    await page.goto('/api/login');
    await page.waitForURL(/\/login$/);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Esther');
    await page.getByLabel('Last name').fill('Mensah');
    await page.getByLabel('Email').fill('esther.e2e@example.org');
    await page.getByLabel('Password').fill('hope does not disappoint');
    await fillConsent(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signed in by the mailed link, not by the form (decision 037): the same answer for any address.
    await page.getByTestId('sign-up-check-mail').getByText('We sent a mail to esther.e2e@example.org.', { exact: false }).waitFor();
    expect(await (await page.request.get('/api/auth/user')).json()).toBeNull();
    await page.goto(await signUpLinkFor(ctx.db, 'esther.e2e@example.org'));
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    await page.goto('/api/logout');
    await page.getByTestId('landing-page').waitFor();

    await page.goto('/api/login');
    await page.getByLabel('Email').fill('esther.e2e@example.org');
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    await page.getByLabel('Password').fill('hope does not disappoint');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('onboarding-page').waitFor();
    await page.context().close();
  });
});

describe('preferences', () => {
  it('moves nothing for someone whose device asks for less motion: no smooth scrolling, no colour fades', async () => {
    const seen: Record<string, { scroll: string; fadeMs: number }> = {};
    for (const motion of ['no-preference', 'reduce'] as const) {
      const page = await ctx.newPage({ reducedMotion: motion });
      await page.goto('/');
      const button = page.getByRole('button', { name: 'Join WatchMoms' });
      await button.waitFor();
      seen[motion] = {
        scroll: await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
        fadeMs: await button.evaluate((el) => {
          const duration = getComputedStyle(el).transitionDuration;
          return parseFloat(duration) * (duration.endsWith('ms') ? 1 : 1000);
        }),
      };
      await page.context().close();
    }
    expect(seen['no-preference']).toEqual({ scroll: 'smooth', fadeMs: 150 });
    expect(seen.reduce!.scroll).toBe('auto');
    expect(seen.reduce!.fadeMs).toBeLessThan(1);
  });

  it('keeps the language and the theme across a reload', async () => {
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByTestId('language-switcher').selectOption('fr');
    await page.getByRole('tab', { name: 'Se connecter' }).waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Se connecter' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(
      await page.evaluate(() => [localStorage.getItem('theme'), localStorage.getItem('i18nextLng'), document.documentElement.lang]),
    ).toEqual(['dark', 'fr', 'fr']);
    // The server's landing page follows the same choices (the language by its cookie, docs/decisions/057).
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Grandir dans la foi. Avancer ensemble.' }).waitFor();
    expect(
      await page.evaluate(() => [
        document.documentElement.classList.contains('dark'),
        document.documentElement.hasAttribute('data-prerendered'),
      ]),
    ).toEqual([true, true]);
    await page.goBack();
    // Form errors from the shared contracts appear in French too.
    await page.locator('form').getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Saisis une adresse e-mail valide').waitFor();
    await screenshot(page, 'login-fr-dark');
    await page.context().close();
  });
});
