import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError } from '../lib/app-error.ts';

function describeValidation(err: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return err.validation
      .map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const field = where || (v.params as { issue?: { keys?: string[] } })?.issue?.keys?.join(', ') || err.validationContext || 'body';
        return `${field}: ${v.message}`;
      })
      .join('; ');
  }
  return err.message;
}

/** PostgreSQL codes of a server that is stopping, starting or in recovery, and of a connection it ended. */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own messages when no connection can be had or one ended under a query. */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether `err` (or what it wraps: drizzle puts pg's error in `cause`) says the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (UNAVAILABLE_CODES.has((e as { code?: string }).code ?? '') || UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * What the log keeps of the failure behind a refusal: its name, code (an OAuth `error` such as
 * `invalid_grant`, or a library's code) and message cut short. Never the whole object: an OpenID
 * library's error can carry the ID token's claims (email, name) in its own `cause`.
 */
export function loggableCause(cause: unknown): Record<string, string> {
  if (!(cause instanceof Error)) return { message: String(cause).slice(0, 200) };
  const { code, error } = cause as { code?: unknown; error?: unknown };
  return {
    name: cause.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof error === 'string' ? { error: error.slice(0, 100) } : {}),
    message: cause.message.slice(0, 200),
  };
}

/** One error handler for the whole API: `{ code, message }`, and never an internal detail on a 5xx. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.cause !== undefined) req.log.warn({ code: err.code, cause: loggableCause(err.cause) }, 'request refused after a failure');
      if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({
        code: err.code,
        message: err.message,
        ...(err.reason ? { reason: err.reason } : {}),
        ...(err.opensAt ? { opensAt: err.opensAt.toISOString() } : {}),
      });
    }
    if (err.validation) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: describeValidation(err) });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
    if (status === 415)
      return reply
        .status(415)
        .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON (Content-Type: application/json).' });
    if (status === 429) return reply.status(429).send({ code: 'RATE_LIMITED', message: err.message });
    if (status >= 400 && status < 500) return reply.status(status).send({ code: 'BAD_REQUEST', message: err.message });
    if (isDatabaseUnavailable(err)) {
      // Not the app's fault, and it passes: the client may try again (issue 28). Logged without a stack.
      req.log.warn({ err: { message: err.message } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
  });
});
