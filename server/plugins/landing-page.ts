import { fork } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

import type { PublicConfig } from '#common/contracts/auth.ts';

import { compressForServing } from '../lib/compress.ts';
import { landingRendererFile } from '../lib/landing-renderer-path.ts';
import { sessionCookieName } from '../lib/session.ts';
import { clientFile, type ClientFile } from './client-files.ts';

/**
 * The prerendered pages (docs/decisions/057): a visitor's `/` (and any client route a visitor sees
 * the landing page on) is the whole landing page as HTML in their language, with a few KB of
 * script, instead of the app's shell and the React app; `/soul-health-check` is the app's shell
 * with the check's header and introduction already in it.
 */

export type LandingLanguage = 'en' | 'fr';
export type PageVariants = Record<LandingLanguage, ClientFile>;
export interface PrerenderedPages {
  landing: PageVariants;
  soulCheck: PageVariants;
}

const RENDER_TIMEOUT_MS = 30_000;

async function asClientFile(html: string): Promise<ClientFile> {
  const body = Buffer.from(html);
  return clientFile(body, { type: 'text/html; charset=utf-8', cacheControl: 'no-cache', ...(await compressForServing(body)) });
}

/**
 * Renders the pages in each language with this server's public configuration (support contacts,
 * social links), in a child process that ends afterwards, so React's server renderer does not stay
 * in the server's memory. Undefined when the build has no renderer (a client built before it
 * existed); the app's shell then serves these paths as before.
 */
export function renderPrerenderedPages(clientDir: string, config: PublicConfig): Promise<PrerenderedPages | undefined> {
  const renderer = landingRendererFile(clientDir);
  const templateFile = path.join(clientDir, 'landing.html');
  if (!existsSync(renderer) || !existsSync(templateFile)) return Promise.resolve(undefined);
  // Once per build and configuration in a process (the tests start many apps on one build).
  const key = JSON.stringify([renderer, statSync(renderer).mtimeMs, statSync(templateFile).mtimeMs, config]);
  let pages = rendered.get(key);
  if (!pages) {
    pages = render(renderer, templateFile, clientDir, config);
    rendered.set(key, pages);
    pages.catch(() => rendered.delete(key));
  }
  return pages;
}
const rendered = new Map<string, Promise<PrerenderedPages>>();

async function render(renderer: string, templateFile: string, clientDir: string, config: PublicConfig): Promise<PrerenderedPages> {
  const [template, appShell] = await Promise.all([readFile(templateFile, 'utf8'), readFile(path.join(clientDir, 'index.html'), 'utf8')]);
  // A child process, not a worker thread: its memory (React's server renderer, the texts) goes back
  // to the system when it ends (idle RSS 146 MB with a thread, 142 MB with a process, bench/README.md).
  const child = fork(renderer, [], {
    env: { ...process.env, PRERENDER_CHILD: '1' },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type Rendered = Record<keyof PrerenderedPages, Record<LandingLanguage, string>>;
  const pages = await new Promise<Rendered>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the pages were not rendered in ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS);
    child.once('message', (m: { pages?: Rendered; error?: string }) => {
      clearTimeout(timer);
      if (m.pages) resolve(m.pages);
      else reject(new Error(`the pages could not be rendered: ${m.error}`));
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the renderer ended (exit ${code}) before sending the pages`));
    });
    child.send({ template, appShell, localesDir: path.join(clientDir, 'locales'), config });
  }).finally(() => {
    if (child.exitCode === null) child.kill();
  });
  const variants = async (page: Record<LandingLanguage, string>): Promise<PageVariants> => ({
    en: await asClientFile(page.en),
    fr: await asClientFile(page.fr),
  });
  return { landing: await variants(pages.landing), soulCheck: await variants(pages.soulCheck) };
}

/** A request that carries a session cookie (the one the session plugin reads): it gets the app, which knows who is signed in. */
export const hasSessionCookie = (req: FastifyRequest) => !!req.cookies[sessionCookieName(req)];

const supported = (code: string | undefined): LandingLanguage | undefined => {
  const primary = code?.trim().split(/[-_;]/)[0]?.toLowerCase();
  return primary === 'en' || primary === 'fr' ? primary : undefined;
};

/**
 * The language the app would choose (client/src/lib/i18n.ts: `?lng=`, the i18next cookie, then the
 * browser's languages), as far as a server can see it: the saved choice in the browser's storage is
 * kept in the cookie too, and public/boot.js corrects the rare page where they differ.
 */
export function landingLanguage(req: FastifyRequest): LandingLanguage {
  const query = req.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lng === 'string' ? supported(query.lng) : undefined;
  if (fromQuery) return fromQuery;
  const fromCookie = supported(req.cookies.i18next);
  if (fromCookie) return fromCookie;
  const accepted = (req.headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag!.trim(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((a) => a.tag && a.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const a of accepted) {
    const lng = supported(a.tag);
    if (lng) return lng;
  }
  return 'en';
}
