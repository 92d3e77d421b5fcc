import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { createTestApp, signedInUser } from '#test/app.ts';

import { buildLandingRenderer } from '../../scripts/vite-landing-renderer.ts';
import { landingRendererFile } from '../lib/landing-renderer-path.ts';
import { SESSION_COOKIE } from '../lib/session.ts';

/**
 * The prerendered landing page (docs/decisions/057) through the whole app: a client folder with the
 * landing page's real template, locale files and renderer (compiled as the build compiles it),
 * and an app shell that is easy to tell apart.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Inside the project, so the renderer finds its packages in node_modules.
const clientDir = path.join(root, 'node_modules/.cache/landing-page-test', String(process.pid), 'client');
mkdirSync(clientDir, { recursive: true });
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><title>G.O.D</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
cpSync(path.join(root, 'client/landing.html'), path.join(clientDir, 'landing.html'));
cpSync(path.join(root, 'client/public/locales'), path.join(clientDir, 'locales'), { recursive: true });
await buildLandingRenderer(path.join(root, 'client/src/app/prerender.tsx'), landingRendererFile(clientDir));
afterAll(() => rmSync(path.dirname(clientDir), { recursive: true, force: true }));

const app = await createTestApp({
  clientDir,
  env: { SUPPORT_EMAIL: 'aide@example.org', SUPPORT_WHATSAPP: '+33 6 12 34 56 78', SOCIAL_INSTAGRAM_URL: 'https://instagram.com/example' },
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });
const isLanding = (body: string) => body.includes('data-prerendered') && body.includes('data-testid="landing-page"');
const h1 = (body: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(body)?.[1];

describe('the prerendered landing page', () => {
  it("is a visitor's / as HTML in the browser's language, with this server's contacts and only its configured social links", async () => {
    const fr = await get('/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fr.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    expect(fr.body).toContain('<html lang="fr" data-prerendered');
    expect(h1(fr.body)).toBe('Grandir dans la foi. Avancer ensemble.');
    expect(fr.body).toContain('href="mailto:aide@example.org"');
    expect(fr.body).toContain('href="https://wa.me/33612345678"');
    expect(fr.body).toContain('href="https://instagram.com/example"');
    expect(fr.body).not.toContain('aria-label="Facebook"');
    // Every answer is in the page, hidden until its question is pressed; the app's code is not.
    expect(fr.body.match(/role="region"[^>]*hidden=""/g)).toHaveLength(16);
    expect(fr.body).not.toContain('/assets/index.js');

    const en = await get('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5,fr;q=0.4' });
    expect(h1(en.body)).toBe('Grow in faith. Walk it out together.');
    expect(en.body).toContain('<html lang="en" data-prerendered');
  });

  it('follows ?lng= first, then the language cookie, then the browser, and is the page of every landing path', async () => {
    expect(h1((await get('/?lng=fr', { 'accept-language': 'en', cookie: 'i18next=en' })).body)).toBe(
      'Grandir dans la foi. Avancer ensemble.',
    );
    expect(h1((await get('/', { 'accept-language': 'en-US', cookie: 'theme=dark; i18next=fr' })).body)).toBe(
      'Grandir dans la foi. Avancer ensemble.',
    );
    expect(h1((await get('/', { 'accept-language': 'fr;q=0, en' })).body)).toBe('Grow in faith. Walk it out together.');
    expect(h1((await get('/', {})).body)).toBe('Grow in faith. Walk it out together.');
    expect(isLanding((await get('/dashboard?x=1')).body)).toBe(true);
  });

  it('gives the app to a request with a session, and to the pages that are not the landing page', async () => {
    const { cookie } = await signedInUser(app);
    for (const res of [
      await get('/', { cookie }),
      await get('/dashboard', { cookie: `${SESSION_COOKIE}=stale` }),
      await get('/login'),
      await get('/privacy'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(isLanding(res.body)).toBe(false);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
    }
    // The template is not a file of its own.
    expect((await get('/landing.html')).body).not.toContain('<!--landing-->');
  });

  it("is the Soul Health Check's introduction in the app's shell, whose script starts after the first paint", async () => {
    for (const cookie of ['', (await signedInUser(app)).cookie]) {
      const res = await get('/soul-health-check', { 'accept-language': 'fr', cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="fr" data-prerendered="soul-health-check"');
      expect(h1(res.body)).toBe('Bilan de santé de l&#x27;âme');
      // What the check is and is not, before any script; the emergency number needs the browser's region.
      expect(res.body).toContain('data-testid="not-a-diagnosis"');
      expect(res.body).not.toContain('data-testid="emergency-line"');
      // The app's own testid comes with the app: tests and people wait for it, not for this copy.
      expect(res.body).not.toContain('data-testid="soul-health-check"');
      // The entry script is left for public/boot.js to start after the first paint.
      expect(res.body).toContain('<meta name="app-entry" content="/assets/index.js" />');
      expect(res.body).not.toContain('<script type="module"');
    }
  });

  it('is sent compressed, and revalidated by its ETag per language', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip, br', 'accept-language': 'fr' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect((await get('/', { 'accept-encoding': 'gzip, br', 'accept-language': 'fr', 'if-none-match': etag })).statusCode).toBe(304);
    // The English page is another page: the French one's ETag does not match it.
    expect((await get('/', { 'accept-encoding': 'gzip, br', 'accept-language': 'en', 'if-none-match': etag })).statusCode).toBe(200);
  });
});
