/**
 * A signed-in first screen (dashboard, lesson, quiz, tree, settings) rendered to HTML on the server,
 * per request, for the person who asked (docs/decisions/084). The browser paints it from the first
 * byte; the app, once loaded, starts from the same data (the query cache, dehydrated into the page)
 * and replaces it with the same screen (main.tsx).
 *
 * The render runs the app's own components and queries: each pass renders the screen, the reads its
 * queries ask for are answered inside the server (`read`, the server's `inject` with the request's
 * cookie), and the screen renders again with them, until no query waits (the dashboard's progress
 * waits for the course list: three passes). Built by scripts/vite-landing-renderer.ts into
 * dist/client-ssr/signed-in.js and imported by server/plugins/signed-in-pages.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';

import type { CurrentUser } from '#common/contracts/auth.ts';

import { currentUserQuery } from '../lib/current-user.ts';
import { answerReadsOnServer, type ServerReads } from '../lib/first-requests.ts';
import { i18nBaseOptions } from '../lib/i18n-options.ts';
import { languages, type Language } from '../lib/language.ts';
import { queryDefaults } from '../lib/query-client.ts';
import { STATE_ELEMENT_ID, type ScreenState } from '../lib/screen-state.ts';
import { loadQueryApp } from './app.tsx';
import { ClientRoot } from './client-root.tsx';
import { APP_ROOT, deferApp, markPrerendered } from './page-shell.ts';
import { ServerRender } from './server-render.ts';
import { signedInScreenAt } from './signed-in-screens.ts';

/** A read answered by the server: the status and body of `GET url` for the signed-in person. */
export interface ServerAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface SignedInRenderInput {
  /** The page's path and query (`/lesson/…?lng=fr`). */
  url: string;
  lng: Language;
  /** dist/client/locales */
  localesDir: string;
  read: (url: string) => Promise<ServerAnswer>;
}

export interface SignedInPage {
  /** The screen's HTML, for the app's root element. */
  html: string;
  state: ScreenState;
}

/** More passes than any first screen needs; a screen still waiting after them is not rendered here. */
const MAX_PASSES = 6;

const current = new AsyncLocalStorage<ServerReads>();
answerReadsOnServer(() => current.getStore());

const translations = new Map<string, Promise<Resource>>();
/** Every namespace of both languages, read once per locales folder. */
function resourcesOf(localesDir: string): Promise<Resource> {
  let loaded = translations.get(localesDir);
  if (!loaded) {
    loaded = (async () => {
      const resources: Resource = {};
      for (const lng of languages) {
        resources[lng] = {};
        for (const file of (await readdir(path.join(localesDir, lng))).filter((f) => f.endsWith('.json')))
          resources[lng][file.slice(0, -5)] = JSON.parse(await readFile(path.join(localesDir, lng, file), 'utf8')) as Record<
            string,
            unknown
          >;
      }
      return resources;
    })();
    translations.set(localesDir, loaded);
    loaded.catch(() => translations.delete(localesDir));
  }
  return loaded;
}

/** An i18next of its own for each render, so that it tells which namespaces this screen used. */
async function i18nFor(localesDir: string, lng: Language): Promise<I18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }> {
  const resources = await resourcesOf(localesDir);
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    ...i18nBaseOptions,
    lng,
    ns: Object.keys(resources[lng]!),
    resources,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

async function toHtml(tree: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** A query the screen rendered and that has neither data nor an answer yet, and may ask (not disabled). */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  if (typeof queryFn !== 'function') return false;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The screen at `url` as HTML with the query cache it was rendered from, or undefined when there is
 * no such screen to render here: not a signed-in first screen, nobody signed in, a person who must
 * first agree to the privacy notice or fill in their profile, a read that failed, or a screen still
 * waiting after the last pass. The caller then sends the app's shell, as before.
 */
export async function renderSignedIn({ url, lng, localesDir, read }: SignedInRenderInput): Promise<SignedInPage | undefined> {
  const [pathname] = url.split('?') as [string, string?];
  const screen = signedInScreenAt(pathname);
  // `/` shows a signed-in person the dashboard through the visitor check, which the browser keeps
  // for the page: the app renders it there (the installed app opens /dashboard).
  if (!screen || pathname === '/') return undefined;
  const [i18n] = await Promise.all([i18nFor(localesDir, lng), screen.load(), loadQueryApp()]);

  let failed = false;
  const reads: ServerReads = async (readUrl) => {
    const answer = await read(readUrl);
    // A read the screen could not have (a lesson still locked, a server error): the app asks and shows it itself.
    if (answer.status >= 400) failed = true;
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: answer.contentType ? { 'content-type': answer.contentType } : {},
    });
  };
  const queryClient = new QueryClient({ defaultOptions: queryDefaults });
  // The browser's own tree (the app's root, hydrated there), with this request's query client and
  // person. The query string is left out, as the browser's first render leaves it (wouter reads
  // it only after hydrating).
  const render = (user: CurrentUser) => (
    <I18nextProvider i18n={i18n}>
      <ServerRender value={{ queryClient, user }}>
        <Router ssrPath={pathname} ssrSearch="">
          <ClientRoot />
        </Router>
      </ServerRender>
    </I18nextProvider>
  );

  return current.run(reads, async () => {
    // Who is asking comes first: nothing is rendered for a visitor (an ended session) or for
    // someone the route switch sends to the privacy notice or the profile form.
    const user = await queryClient.fetchQuery(currentUserQuery).catch(() => null);
    if (!user || user.consentNeeded || (!user.onboardingComplete && user.consentStatus !== 'pending_parent')) return undefined;
    const tree = render(user);
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const html = await toHtml(tree);
      if (failed) return undefined;
      const waiting = queryClient.getQueryCache().getAll().filter(isWaiting);
      if (waiting.length === 0)
        return { html, state: { queries: dehydrate(queryClient), namespaces: i18n.reportNamespaces?.getUsedNamespaces() ?? [] } };
      await Promise.all(waiting.map((q) => q.fetch().catch(() => undefined)));
      if (waiting.some((q) => q.state.status === 'error')) return undefined;
    }
    return undefined;
  });
}

/**
 * JSON that is safe inside a `<script type="application/json">`: no `<` (a `</script>` in a
 * person's text would end the element), and no line separators some parsers refuse.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The whole page: the app's shell (index.html as built) in `lng`, marked as a prerendered screen,
 * with the app's scripts started after the first paint (as the Soul Health Check's), the screen
 * in its root element and its state beside it. The root is inert until the app has replaced the
 * copy (main.tsx): a press on the copy would otherwise do nothing, or follow a link the app
 * would have handled. Undefined when `renderSignedIn` renders nothing.
 */
export async function renderSignedInPage(input: SignedInRenderInput & { appShell: string }): Promise<string | undefined> {
  if (!input.appShell.includes(APP_ROOT)) throw new Error(`index.html has no ${APP_ROOT}`);
  const page = await renderSignedIn(input);
  if (!page) return undefined;
  return deferApp(markPrerendered(input.appShell, input.lng, 'screen'))
    .replace(APP_ROOT, () => `<div id="root" inert>${page.html}</div>`)
    .replace('</body>', () => `<script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForHtml(page.state)}</script></body>`);
}
