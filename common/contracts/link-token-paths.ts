import { authApi, consentApi } from './auth-paths.ts';
import { notificationsApi, oneClickUnsubscribePath } from './notifications.ts';
import { prayerApi } from './prayer.ts';
import { safeguardingApi } from './safeguarding.ts';

/**
 * Every path, a client page or an API route, whose `:token` is a secret link (mailed or printed on
 * the console): whoever reads one can use it. The request log writes these paths with the token
 * hidden (`hideLinkTokens`, server/app.ts). `server/link-token-paths.test.ts` fails when a server
 * route or a client page with a `:token` parameter is missing here (issue 24, item 3).
 */
export const LINK_TOKEN_PATHS = [
  // Client pages that mails link to.
  '/reset-password/:token',
  '/confirm-sign-up/:token',
  '/parent-consent/:token',
  '/verify-email/:token',
  oneClickUnsubscribePath,
  // A parent's page of their child's mentors, and a concern's status (issue 25).
  '/parent-mentors/:token',
  '/concern-status/:token',
  // The founder's one-time setup link printed at start.
  '/setup/:token',
  // API routes that take the same tokens.
  authApi.setupStatus.path,
  consentApi.parentConsent.path,
  notificationsApi.unsubscribe.path,
  // A person's private prayer calendar, polled by their calendar app (docs/decisions/075).
  prayerApi.feed.path,
  safeguardingApi.parentMentors.path,
  safeguardingApi.raiseParentConcern.path,
  safeguardingApi.concernStatus.path,
] as const;

/** The part of each path before its token, e.g. `/reset-password/`. */
const prefixes = LINK_TOKEN_PATHS.map((path) => path.slice(0, path.indexOf(':token')).toLowerCase());

/**
 * A segment that looks like a random token (this app's are 43 base64url characters) is hidden
 * wherever it appears: a link path added without being listed above still leaks nothing.
 */
const TOKEN_LIKE_SEGMENT = /^[A-Za-z0-9_.~%-]{40,}$/;

/**
 * A path fit for the logs: no query string (it may carry emails or tokens), the token of every
 * path in LINK_TOKEN_PATHS replaced by `:token`, and any token-like segment replaced by `:hidden`.
 */
export function hideLinkTokens(url: string): string {
  // Repeated slashes reach the same page ("//reset-password/…"), so they are matched as one.
  const pathname = (url.split('?')[0] ?? '').split('#')[0]!.replace(/\/{2,}/g, '/');
  const lower = pathname.toLowerCase();
  const prefix = prefixes.find((p) => lower.startsWith(p) && lower.length > p.length);
  const segments = pathname.split('/');
  if (prefix) {
    const tokenIndex = prefix.split('/').length - 1;
    segments[tokenIndex] = ':token';
  }
  return segments.map((segment) => (TOKEN_LIKE_SEGMENT.test(segment) ? ':hidden' : segment)).join('/');
}
