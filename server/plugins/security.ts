import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix positions popovers with inline style attributes; no inline <style> or script is needed otherwise.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Options {
  /** Origins allowed to send writes besides the request's own host (e.g. PUBLIC_URL's origin). */
  trustedOrigins: string[];
}

export default fp<Options>(async function security(app: FastifyInstance, opts) {
  // Only JSON is accepted as a request body: drop Fastify's default text/plain parser.
  app.removeContentTypeParser('text/plain');

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
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
});
