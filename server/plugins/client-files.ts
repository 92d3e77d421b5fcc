import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { walkFiles } from '../lib/walk-files.ts';

/** Vite fingerprints every file under assets/: a name never gets new content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, translations, robots.txt, the favicon: reused only after a revalidation by ETag (304). */
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const STATIC_EXTENSION = /\.(js|mjs|css|map|json|txt|xml|svg|png|jpe?g|webp|ico|woff2?|webmanifest)$/i;

/** A request for a file rather than a client route: a missing one is a 404, never the app shell. */
export function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.startsWith('/assets/') || pathname.startsWith('/locales/') || STATIC_EXTENSION.test(pathname);
}

type Encoding = 'br' | 'gzip';
interface Variant {
  /** The bytes, held in memory; absent for a file read from disk on each request (`file`). */
  body?: Buffer;
  file?: string;
  etag: string;
}

/**
 * Fonts stay on disk and are read when asked for: the build holds 450 font subsets (CJK, Arabic,
 * for the certificate's names; 18 MB), a browser fetches a few of them once and keeps them a year,
 * and holding them all in memory was a tenth of the idle server's memory (decision 024).
 */
const ON_DISK = /\.(woff2?|ttf|otf)$/i;
export interface ClientFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}
export type ClientFiles = Map<string, ClientFile>;

const readIfPresent = (file: string) => readFile(file).catch(() => undefined);

/**
 * A file as the server sends it: its bytes (or, `onDisk`, where to read them), its compressed
 * copies, and a strong ETag per variant from the bytes' hash.
 */
export function clientFile(
  body: Buffer,
  opts: { type: string; cacheControl: string; br?: Buffer; gzip?: Buffer; onDisk?: string },
): ClientFile {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return {
    type: opts.type,
    cacheControl: opts.cacheControl,
    identity: opts.onDisk ? { file: opts.onDisk, etag: `"${hash}"` } : { body, etag: `"${hash}"` },
    ...(opts.br && { br: { body: opts.br, etag: `"${hash}-br"` } }),
    ...(opts.gzip && { gzip: { body: opts.gzip, etag: `"${hash}-gz"` } }),
  };
}

/**
 * Reads the built client into memory once, keyed by URL path: each file with the brotli and gzip
 * variants the build wrote beside it (scripts/vite-precompress.ts) and a strong ETag per variant.
 * The build does not change while the server runs; a few MB in all.
 */
export async function loadClientFiles(root: string): Promise<ClientFiles> {
  const files: ClientFiles = new Map();
  for await (const file of walkFiles(root)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    const [body, br, gzip] = await Promise.all([readFile(file), readIfPresent(`${file}.br`), readIfPresent(`${file}.gz`)]);
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const cacheControl = rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
    files.set(`/${rel}`, clientFile(body, { type, cacheControl, br, gzip, onDisk: ON_DISK.test(file) ? file : undefined }));
  }
  return files;
}

/** br when accepted, else gzip, else none; `q=0` refuses an encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends one file: the best variant the client accepts, or 304 when its ETag matches. `vary` names
 * the other request headers that chose this file (the landing page's: its language and whether a
 * session came with it).
 */
export function sendClientFile(req: FastifyRequest, reply: FastifyReply, file: ClientFile, vary?: string) {
  const hasVariants = file.br !== undefined || file.gzip !== undefined;
  const encoding = hasVariants ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  const variant = (encoding && file[encoding]) || file.identity;
  reply.header('Cache-Control', file.cacheControl).header('ETag', variant.etag);
  const varies = [hasVariants && 'Accept-Encoding', vary].filter(Boolean).join(', ');
  if (varies) reply.header('Vary', varies);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && matchesEtag(ifNoneMatch, variant.etag)) return reply.code(304).send();
  if (variant !== file.identity) reply.header('Content-Encoding', encoding);
  reply.code(200).type(file.type);
  return variant.body ? reply.send(variant.body) : readFile(variant.file!).then((body) => reply.send(body));
}

/**
 * The built client (docs/decisions/024-static-files.md), served from memory: one GET (and HEAD)
 * route per file, and `/` answered by `page` (the landing page or the app's shell).
 */
export default fp<{ files: ClientFiles; page: (req: FastifyRequest, reply: FastifyReply) => unknown }>(async function clientFiles(
  app: FastifyInstance,
  { files, page },
) {
  for (const [url, file] of files) app.get(url, (req, reply) => sendClientFile(req, reply, file));
  app.get('/', page);
});
