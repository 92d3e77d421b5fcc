/**
 * The public first screens rendered to HTML on the server, once per language when the server
 * starts (docs/decisions/057):
 *   - the landing page: a visitor's browser gets the whole page as HTML with a few KB of script
 *     (features/landing/static/landing-static.ts) instead of React, i18next and the app, which loads only for a signed-in
 *     user or when the visitor opens the WatchMoms application;
 *   - the Soul Health Check's header and introduction, in the app's shell: they show while the app
 *     loads, and the app's first render replaces them with the same screen (main.tsx).
 *
 * Built by scripts/vite-landing-renderer.ts into dist/client-ssr/landing.js and run by the
 * server in a child process (server/plugins/landing-page.ts), so React's server renderer is not
 * kept in the server's memory. The same components as the app's landing page, in the same texts
 * (the built locale files).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInstance, type Resource } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';

import type { PublicConfig } from '#common/contracts/auth.ts';

import { LandingContent } from '../features/landing/components/landing-page.tsx';
import { CheckIntro, SoulCheckFrame } from '../features/wellness/components/soul-health-check-page.tsx';
import { i18nBaseOptions } from '../lib/i18n-options.ts';
import { languages, type Language } from '../lib/language.ts';
import { APP_ROOT, deferApp, markPrerendered } from './page-shell.ts';

/** Where the page goes in landing.html (the build's template for this page). */
export const SLOT = '<!--landing-->';
const NAMESPACES = ['common', 'landing', 'public'] as const;

export interface RenderInput {
  /** dist/client/landing.html as built: its head, styles and script. */
  template: string;
  /** dist/client/index.html: the app's shell. */
  appShell: string;
  /** dist/client/locales */
  localesDir: string;
  config: PublicConfig;
}

async function resources(localesDir: string): Promise<Resource> {
  const out: Resource = {};
  for (const lng of languages) {
    out[lng] = {};
    for (const ns of NAMESPACES)
      out[lng][ns] = JSON.parse(await readFile(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  }
  return out;
}

export type PrerenderedPages = Record<'landing' | 'soulCheck', Record<Language, string>>;

/** The prerendered pages' HTML documents in each language. */
export async function renderPages({ template, appShell, localesDir, config }: RenderInput): Promise<PrerenderedPages> {
  if (!template.includes(SLOT)) throw new Error(`landing.html has no ${SLOT}`);
  if (!appShell.includes(APP_ROOT)) throw new Error(`index.html has no ${APP_ROOT}`);
  const loaded = await resources(localesDir);
  const pages: PrerenderedPages = { landing: {} as Record<Language, string>, soulCheck: {} as Record<Language, string> };
  for (const lng of languages) {
    const i18n = createInstance();
    await i18n
      .use(initReactI18next)
      .init({ ...i18nBaseOptions, lng, ns: [...NAMESPACES], resources: loaded, initAsync: false, react: { useSuspense: false } });
    const render = (path: string, page: ReactNode) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Router ssrPath={path}>{page}</Router>
        </I18nextProvider>,
      );
    const landing = render('/', <LandingContent config={config} belowTheFold />);
    pages.landing[lng] = markPrerendered(template, lng, 'landing').replace(SLOT, () => landing);
    const check = render('/soul-health-check', <SoulCheckFrame intro={<CheckIntro />} />);
    pages.soulCheck[lng] = deferApp(markPrerendered(appShell, lng, 'soul-health-check')).replace(
      APP_ROOT,
      () => `<div id="root">${check}</div>`,
    );
  }
  return pages;
}

// Run as a child process (server/plugins/landing-page.ts): render what the server sends, send the
// pages back, end (all the memory of rendering goes with the process).
if (process.env.PRERENDER_CHILD === '1' && typeof process.send === 'function') {
  process.once('message', (input: RenderInput) => {
    const reply = (message: unknown) => process.send!(message, () => process.exit(0));
    renderPages(input).then(
      (pages) => reply({ pages }),
      (error: unknown) => reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
}
