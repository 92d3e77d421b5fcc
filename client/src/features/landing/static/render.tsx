/**
 * The landing page rendered to HTML on the server, once per language when the server starts
 * (docs/decisions/057). A visitor's browser then gets the whole page as HTML with a few KB of
 * script (landing-static.ts) instead of React, i18next and the app: the React app loads only for a
 * signed-in user, or when the visitor opens the WatchMoms application.
 *
 * Built by scripts/vite-landing-renderer.ts into dist/landing-render/render.js and run by the
 * server in a worker thread (server/plugins/landing-page.ts), so React's server renderer is not
 * kept in the server's memory. The same components as the app's landing page, in the same texts
 * (the built locale files).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createInstance, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import type { PublicConfig } from '../../../../../common/contracts/auth.ts';
import { i18nBaseOptions } from '../../../lib/i18n-options.ts';
import { languages, type Language } from '../../../lib/language.ts';
import { LandingContent } from '../components/landing-page.tsx';

/** Where the page goes in landing.html (the build's template for this page). */
export const SLOT = '<!--landing-->';
const NAMESPACES = ['common', 'landing'] as const;

export interface RenderInput {
  /** dist/client/landing.html as built: its head, styles and script. */
  template: string;
  /** dist/client/locales */
  localesDir: string;
  config: PublicConfig;
}

async function resources(localesDir: string): Promise<Resource> {
  const out: Resource = {};
  for (const lng of languages) {
    out[lng] = {};
    for (const ns of NAMESPACES) out[lng][ns] = JSON.parse(await readFile(path.join(localesDir, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  }
  return out;
}

/** The landing page's HTML document in each language. */
export async function renderLanding({ template, localesDir, config }: RenderInput): Promise<Record<Language, string>> {
  if (!template.includes(SLOT)) throw new Error(`landing.html has no ${SLOT}`);
  const loaded = await resources(localesDir);
  const pages = {} as Record<Language, string>;
  for (const lng of languages) {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({ ...i18nBaseOptions, lng, ns: [...NAMESPACES], resources: loaded, initAsync: false, react: { useSuspense: false } });
    const body = renderToString(
      <I18nextProvider i18n={i18n}>
        <Router ssrPath="/">
          <LandingContent config={config} belowTheFold />
        </Router>
      </I18nextProvider>,
    );
    pages[lng] = template
      .replace(/<html lang="[a-z-]*"/, `<html lang="${lng}" data-prerendered`)
      .replace(SLOT, () => body);
  }
  return pages;
}

// Run as a worker: render, hand the pages back, end (the worker's memory goes with it).
if (!isMainThread && (workerData as { landing?: RenderInput } | null)?.landing) {
  renderLanding((workerData as { landing: RenderInput }).landing).then(
    (pages) => parentPort!.postMessage({ pages }),
    (error: unknown) => parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
