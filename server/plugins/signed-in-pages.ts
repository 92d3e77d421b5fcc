import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { compressForRequest } from '../lib/compress.ts';
import { signedInRendererFile } from '../lib/landing-renderer-path.ts';
import { chooseEncoding } from './client-files.ts';
import { landingLanguage } from './landing-page.ts';
import { allowStyleAttributes } from './security.ts';

/**
 * A signed-in person's first screen (dashboard, lesson, quiz, tree, settings) rendered on the server
 * for them, per request (docs/decisions/084): the page arrives with the screen in it, painted from
 * the first byte, and the data the app starts from. The renderer is the app's own code compiled
 * for Node (client/src/app/render-signed-in.tsx, dist/client-ssr/signed-in.js); the screen's reads
 * are answered inside this server by `inject`, with the request's own cookie and address, so they
 * pass the same session, authorization and rate limits as the browser's would.
 */

type RenderPage = (input: {
  url: string;
  lng: 'en' | 'fr';
  localesDir: string;
  appShell: string;
  read: (url: string) => Promise<{ status: number; body: string; contentType?: string }>;
}) => Promise<string | undefined>;

/**
 * The page sender for `clientDir` (`appShell`: its index.html, as the server already holds it), or
 * undefined when the build has no renderer (a client built before it existed: the app's shell is
 * sent as before). The renderer is imported on the first signed-in page, not at start.
 */
export function signedInPages(app: FastifyInstance, clientDir: string, appShell: string) {
  const rendererFile = signedInRendererFile(clientDir);
  if (!existsSync(rendererFile)) return undefined;
  let loading: Promise<RenderPage> | undefined;
  const load = () => (loading ??= (import(rendererFile) as Promise<{ renderSignedInPage: RenderPage }>).then((r) => r.renderSignedInPage));
  const localesDir = path.join(clientDir, 'locales');

  /** Sends the rendered page and resolves true, or resolves false (nothing sent) when there is none to send. */
  return async function sendSignedInPage(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let html: string | undefined;
    try {
      const renderSignedInPage = await load();
      html = await renderSignedInPage({
        url: req.url,
        lng: landingLanguage(req),
        localesDir,
        appShell,
        read: async (url) => {
          const res = await app.inject({
            method: 'GET',
            url,
            remoteAddress: req.ip,
            headers: {
              cookie: req.headers.cookie ?? '',
              ...(req.headers['accept-language'] ? { 'accept-language': req.headers['accept-language'] } : {}),
              ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
            },
          });
          const type = res.headers['content-type'];
          return { status: res.statusCode, body: res.body, contentType: typeof type === 'string' ? type : undefined };
        },
      });
    } catch (err) {
      // The app's shell still works: the browser renders the screen itself.
      req.log.warn({ err }, 'a signed-in screen could not be rendered on the server; the app renders it');
      return false;
    }
    if (!html) return false;
    allowStyleAttributes(reply, styleAttributes(html));
    const body = Buffer.from(html);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    // A page with a person's data: never kept by a cache, never shared.
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
    if (encoding) reply.header('Content-Encoding', encoding).send(await compressForRequest(body, encoding));
    else reply.send(body);
    return true;
  };
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
/** The values of the `style="…"` attributes React wrote into `html`, as the browser reads them (the CSP hashes those). */
export function styleAttributes(html: string): string[] {
  return [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => m[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!));
}
