import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp, signedInUser } from '#test/app.ts';

import { buildLandingRenderer } from '../../scripts/vite-landing-renderer.ts';
import { signedInRendererFile } from '../lib/landing-renderer-path.ts';
import { styleAttributes } from './signed-in-pages.ts';

/**
 * The signed-in first screens rendered on the server per request (docs/decisions/084), through the
 * whole app: a client folder with the locale files, the renderer compiled as the build compiles it,
 * and an app shell that is easy to tell apart.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Inside the project, so the renderer finds its packages in node_modules.
const clientDir = path.join(root, 'node_modules/.cache/signed-in-pages-test', String(process.pid), 'client');
mkdirSync(clientDir, { recursive: true });
const SHELL =
  '<!doctype html><html lang="en"><head><title>G.O.D</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
writeFileSync(path.join(clientDir, 'index.html'), SHELL);
cpSync(path.join(root, 'client/public/locales'), path.join(clientDir, 'locales'), { recursive: true });
await buildLandingRenderer(path.join(root, 'client/src/app/render-signed-in.tsx'), signedInRendererFile(clientDir));
afterAll(() => rmSync(path.dirname(clientDir), { recursive: true, force: true }));

const app = await createTestApp({ clientDir });

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
const stateOf = (body: string) =>
  JSON.parse(/<script type="application\/json" id="screen-state">(.*?)<\/script>/s.exec(body)![1]!) as {
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    namespaces: string[];
  };
const currentUserIn = (body: string) =>
  stateOf(body).queries.queries.find((q) => q.queryKey[0] === 'current-user')?.state.data as { firstName: string } | undefined;

describe('a signed-in first screen rendered on the server', () => {
  it("is the person's dashboard as HTML, with the data and texts the app starts from, never cached", async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Amani' });
    const res = await get('/dashboard', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toContain('<html lang="en" data-prerendered="screen"');
    expect(res.body).toContain('data-testid="dashboard-page"');
    expect(res.body).toContain('Welcome, Amani');
    // The app's script starts after the first paint (public/boot.js), as on the Soul Health Check.
    expect(res.body).toContain('<meta name="app-entry" content="/assets/index.js" />');
    expect(res.body).not.toContain('<script type="module"');
    expect(currentUserIn(res.body)?.firstName).toBe('Amani');
    expect(stateOf(res.body).namespaces).toEqual(expect.arrayContaining(['common', 'course']));
  });

  it('allows exactly the style attributes it wrote, by hash, and no other inline style', async () => {
    const { cookie } = await signedInUser(app);
    const res = await get('/dashboard', { cookie });
    const styles = styleAttributes(res.body);
    expect(styles.length).toBeGreaterThan(0);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    for (const style of styles) expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // Any other answer keeps the plain policy.
    expect((await get('/api/health')).headers['content-security-policy']).not.toContain('style-src-attr');
  });

  it("is in the person's language", async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Inès' });
    const res = await get('/disciple-tree', { cookie, 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.body).toContain('<html lang="fr" data-prerendered="screen"');
    expect(res.body).toContain('data-testid="disciple-tree-page"');
    expect(res.body).toContain('Tableau de bord');
  });

  it("keeps a person's text inert inside the page's data: no </script> can end it", async () => {
    const name = '</script><script>alert(1)</script>';
    const { cookie } = await signedInUser(app, { firstName: name });
    const res = await get('/settings', { cookie });
    expect(res.body).toContain('data-testid="page-settings"');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(currentUserIn(res.body)?.firstName).toBe(name);
  });

  it('fills the profile form in the HTML, so the person never sees their profile empty before the app runs', async () => {
    const { cookie } = await signedInUser(app, { firstName: 'Nadège', lastName: 'Okafor', phone: '+33 6 11 22 33 44' });
    const res = await get('/settings', { cookie });
    expect(res.body).toMatch(
      /<input[^>]*autoComplete="given-name"[^>]*value="Nadège"|<input[^>]*value="Nadège"[^>]*autoComplete="given-name"/i,
    );
    expect(res.body).toMatch(/<input[^>]*value="Okafor"/);
    expect(res.body).toMatch(/<input[^>]*value="\+33 6 11 22 33 44"/);
  });

  it("renders two people's screens at the same time, each with only their own data", async () => {
    const people = await Promise.all(['Zawadi', 'Maëlle', 'Kofi', 'Salomé'].map((firstName) => signedInUser(app, { firstName })));
    const pages = await Promise.all(people.map(({ cookie }) => get('/dashboard', { cookie })));
    pages.forEach((res, i) => {
      const own = people[i]!.user.firstName!;
      expect(res.body).toContain(`Welcome, ${own}`);
      expect(currentUserIn(res.body)?.firstName).toBe(own);
      for (const other of people) if (other.user.firstName !== own) expect(res.body).not.toContain(other.user.firstName!);
    });
  });

  it("sends the app's shell when there is no screen to render: a visitor, an ended session, a notice to agree to, another path", async () => {
    const shell = (body: string) => !body.includes('data-prerendered="screen"') && body.includes('<div id="root"></div>');
    expect(shell((await get('/settings')).body)).toBe(true);
    expect(shell((await get('/settings', { cookie: 'sid=not-a-session' })).body)).toBe(true);
    const { cookie } = await signedInUser(app, { privacyNoticeVersion: null });
    expect(shell((await get('/dashboard', { cookie })).body)).toBe(true);
    const { cookie: learner } = await signedInUser(app);
    expect(shell((await get('/evangelism-tools', { cookie: learner })).body)).toBe(true);
    // `/` reaches the dashboard through the browser's visitor check: the app renders it.
    expect(shell((await get('/', { cookie: learner })).body)).toBe(true);
    expect(shell((await get('/lesson/not-an-id', { cookie: learner })).body)).toBe(true);
  });
});
