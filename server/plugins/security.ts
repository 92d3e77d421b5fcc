import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import { healthApi } from '#common/contracts/health.ts';

import { AppError } from '../lib/app-error.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // No inline <style> and no style="…" attributes: the one library that made a <style> at run time
  // (Radix's dialog scroll lock) uses a constructable stylesheet instead (docs/decisions/045).
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const styleAttributeHashes = new WeakMap<FastifyReply, string[]>();
/**
 * Lets this answer's HTML carry exactly these `style="…"` attributes (their SHA-256 hashes, with
 * 'unsafe-hashes'), and no other: a screen rendered on the server (docs/decisions/084) writes the
 * styles the app sets at run time (a progress bar's width, the tree's indents) as attributes.
 */
export function allowStyleAttributes(reply: FastifyReply, values: Iterable<string>) {
  styleAttributeHashes.set(
    reply,
    [...new Set(values)].map((v) => `'sha256-${createHash('sha256').update(v).digest('base64')}'`),
  );
}

interface Options {
  /** Origins allowed to send writes besides the request's own host (e.g. PUBLIC_URL's origin). */
  trustedOrigins: string[];
  /** FORCE_HTTPS: answer plain http with a redirect to https, and send HSTS on every answer. */
  forceHttps: boolean;
  /** PUBLIC_URL's origin when it is https: where the redirect goes (the app's own port is not the public one). */
  httpsOrigin?: string;
}

const HSTS = 'max-age=31536000; includeSubDomains';
/** Health checks come from load balancers inside the network, often over plain http. */
const PROBES = new Set<string>([healthApi.health.path, healthApi.ready.path]);

export default fp<Options>(async function security(app: FastifyInstance, opts) {
  // Only JSON is accepted as a request body: drop Fastify's default text/plain parser.
  app.removeContentTypeParser('text/plain');

  if (opts.forceHttps) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https' || PROBES.has(req.url.split('?')[0]!)) return;
      // 308 keeps the method and body, so a write is repeated over https rather than turned into a GET.
      // To PUBLIC_URL's origin when set; otherwise the same host name on https's own port (the app's
      // port serves plain http, issue 28).
      const origin = opts.httpsOrigin ?? `https://${req.hostname.includes(':') ? `[${req.hostname}]` : req.hostname}`;
      return reply.header('Strict-Transport-Security', HSTS).redirect(`${origin}${req.url}`, 308);
    });
  }

  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none')
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      const own = `${req.protocol}://${req.host}`;
      if (origin !== own && !opts.trustedOrigins.includes(origin))
        throw new AppError('CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
    }
  });

  app.addHook('onSend', async (req, reply) => {
    const hashes = styleAttributeHashes.get(reply);
    reply.header('Content-Security-Policy', hashes?.length ? `${CSP}; style-src-attr 'unsafe-hashes' ${hashes.join(' ')}` : CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (req.protocol === 'https' || opts.forceHttps) reply.header('Strict-Transport-Security', HSTS);
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
});
