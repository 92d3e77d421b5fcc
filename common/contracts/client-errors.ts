import { z } from 'zod';

import { endpoint } from './endpoint.ts';
import { hideLinkTokens } from './link-token-paths.ts';

/*
 * A crash report from the browser (docs/decisions/069): a screen threw while rendering, or its code
 * could not be loaded even after a reload. Public (a visitor's screen can break too), rate limited
 * per client, answered 204, logged at warn without personal data.
 */

/** Longest fields the server takes; the browser cuts its report to these before sending. */
export const CLIENT_ERROR_LIMITS = { message: 500, componentStack: 2000, path: 300, build: 100 } as const;

export const clientErrorKinds = ['render', 'uncaught', 'chunk', 'service-worker'] as const;

export const clientErrorBody = z
  .object({
    /**
     * `render`: caught by an error boundary; `uncaught`: escaped every boundary; `chunk`: a screen's code still missing after the reload;
     * `service-worker`: the browser refused to install the service worker (the app then works online only).
     */
    kind: z.enum(clientErrorKinds),
    message: z.string().max(CLIENT_ERROR_LIMITS.message),
    componentStack: z.string().max(CLIENT_ERROR_LIMITS.componentStack).optional(),
    /** The page's path only: `location.pathname`, never its query string or hash. */
    path: z.string().max(CLIENT_ERROR_LIMITS.path).regex(/^\//, 'must start with /'),
    /** Which build the browser runs: its entry script's file name (client/src/lib/client-errors.ts, `setBuildId`). */
    build: z
      .string()
      .max(CLIENT_ERROR_LIMITS.build)
      .regex(/^[\w.-]*$/, 'letters, digits, dots, dashes and underscores only'),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof clientErrorBody>;

export const clientErrorsApi = {
  /** Public, rate limited per client: a crash report, answered 204. */
  report: endpoint('POST', '/api/client-errors', { body: clientErrorBody, response: { 204: z.null() } }),
};

/**
 * The page's path as the log keeps it: link tokens hidden (link-token-paths.ts), then every segment
 * that is not a lowercase word of the app's own routes (an id, a certificate code) replaced by
 * `:param`: the route is enough to find the screen, and the value could name a person's record.
 */
export function loggableClientPath(path: string): string {
  return hideLinkTokens(path)
    .split('/')
    .map((segment) => (segment === '' || segment.startsWith(':') || /^[a-z]+(-[a-z]+)*$/.test(segment) ? segment : ':param'))
    .join('/');
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+/g;
const PHONE_LIKE = /\+?\d[\d ().-]{6,}\d/g;
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;
const QUERY = /\?[^\s)"']*/g;
const ORIGIN = /\bhttps?:\/\/[^/\s)"']+/g;

/**
 * An error's text fit for the log: an error message can quote what the page held (an address, a
 * number typed into a form, a link's token), so emails, long digit runs, token-like words and query
 * strings are replaced, addresses keep their path only (the origin is the server's own), and the text is cut to `max` characters.
 */
export function scrubClientText(text: string, max: number): string {
  return text
    .replace(QUERY, '')
    .replace(ORIGIN, '')
    .replace(EMAIL, '[email]')
    .replace(TOKEN_LIKE, '[hidden]')
    .replace(PHONE_LIKE, '[number]')
    .slice(0, max);
}
