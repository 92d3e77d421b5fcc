import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { isAdminRole, opensCallbackInbox, type Role } from '#common/domain/roles.ts';

import { AppError } from '../lib/app-error.ts';
import { SessionChangeListener } from '../lib/session-changes.ts';
import {
  assertRecentAuth,
  purgeExpiredSessions,
  SessionCache,
  sessionCookieName,
  sessionLookup,
  type LiveSession,
  type SessionPolicy,
  type SessionState,
  type UserRow,
} from '../lib/session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Loaded once per API request. */
    user: UserRow | null;
    /** The signed-in user's session (id, two-step verification, last re-authentication), or null. */
    authSession: SessionState | null;
  }
  interface FastifyContextConfig {
    /** 'public': visitors may call the route. Every other API route needs a session (deny by default). */
    access?: 'public';
    /**
     * A write that changes no account and no session (a quiz submitted): the remembered sessions are
     * kept after it (decision 031). Every other write empties them (decision 021).
     */
    keepsSessions?: true;
  }
  interface FastifyInstance {
    sessionPolicy: SessionPolicy;
    /** Forget every remembered session (after a change to sessions or accounts). */
    sessionCache: SessionCache;
    /** Hears from PostgreSQL when a session or an account changed anywhere (docs/decisions/065). */
    sessionChanges: SessionChangeListener;
  }
}

/** The signed-in user, or a 401 for visitors. */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return req.user;
}

/** The signed-in user and their session, or a 401 for visitors. */
export function requireSession(req: FastifyRequest): { user: UserRow; session: SessionState } {
  const user = requireUser(req);
  return { user, session: req.authSession! };
}

/** The signed-in user when their role is one of `allowed`: 401 for visitors, 403 for everyone else. */
export function requireRole(req: FastifyRequest, allowed: readonly Role[]): UserRow {
  const user = requireUser(req);
  if (!allowed.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return user;
}

/**
 * An admin or founder whose session passed two-step verification: 401 for visitors, 403 FORBIDDEN
 * for other roles, 403 MFA_REQUIRED for an admin who has not (the app sends them to set it up first).
 */
export function requireAdmin(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!isAdminRole(user.role)) throw new AppError('FORBIDDEN', "You don't have permission to access the admin dashboard.");
  if (!req.authSession?.mfaAt)
    throw new AppError('MFA_REQUIRED', 'Set up two-step verification in your settings (or sign in with it) to open the admin console.');
  return user;
}

/**
 * An admin, a founder or a responder (decision 015) whose session passed two-step verification: the
 * callback requests inbox holds names, phone numbers and what people confided. 401 for visitors,
 * 403 FORBIDDEN for everyone else, 403 MFA_REQUIRED without the second step.
 */
export function requireCallbackStaff(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!opensCallbackInbox(user)) throw new AppError('FORBIDDEN', "You don't have permission to open the callback requests.");
  if (!req.authSession?.mfaAt)
    throw new AppError('MFA_REQUIRED', 'Set up two-step verification in your settings (or sign in with it) to open the callback requests.');
  return user;
}

/**
 * An admin, a founder or the safeguarding lead (issue 25) whose session passed two-step
 * verification: the Safeguarding tab holds concerns about named people. 401 for visitors, 403
 * FORBIDDEN for everyone else, 403 MFA_REQUIRED without the second step.
 */
export function requireSafeguardingStaff(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!isAdminRole(user.role) && !user.isSafeguardingLead)
    throw new AppError('FORBIDDEN', "You don't have permission to open the safeguarding records.");
  if (!req.authSession?.mfaAt)
    throw new AppError(
      'MFA_REQUIRED',
      'Set up two-step verification in your settings (or sign in with it) to open the safeguarding records.',
    );
  return user;
}

/** The signed-in user, who typed their password or a code within the last few minutes (sensitive actions); else 403 REAUTH_REQUIRED. */
export function requireRecentAuth(req: FastifyRequest): UserRow {
  const { user, session } = requireSession(req);
  assertRecentAuth(session);
  return user;
}

/** How long a session lookup is remembered by one process (docs/decisions/021-session-cache.md). */
export const SESSION_CACHE_MS = 5_000;

/**
 * Whose remembered session is read again at every request: staff, whose access reveals other
 * people's data (admins, founders, responders), so a demotion or sign-out made on another instance
 * holds for their very next request (docs/decisions/065).
 */
const isReadAgain = (live: LiveSession | null) => live !== null && (opensCallbackInbox(live.user) || live.user.isSafeguardingLead);

export default fp<{ policy: SessionPolicy; databaseUrl: string; cacheMs?: number }>(async function session(app: FastifyInstance, opts) {
  await app.register(cookie);
  const lookup = sessionLookup(app.db, opts.policy);
  const cache = new SessionCache(opts.cacheMs ?? SESSION_CACHE_MS);
  const changes = new SessionChangeListener(opts.databaseUrl, () => cache.clear(), app.log);
  app.decorate('sessionPolicy', opts.policy);
  app.decorate('sessionCache', cache);
  app.decorate('sessionChanges', changes);
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[sessionCookieName(req)];
    if (token) {
      // A write (but a quiz answer, which only records the person's own attempt: decision 031) reads
      // the session afresh: one signed out, demoted or deactivated on another instance a moment ago
      // changes nothing. Reads use the memory, emptied by PostgreSQL's notification.
      const isWrite = req.method !== 'GET' && req.method !== 'HEAD' && req.routeOptions.config.keepsSessions !== true;
      const live = await cache.get(token, lookup, isWrite ? () => true : isReadAgain);
      req.user = live?.user ?? null;
      req.authSession = live?.session ?? null;
    }
    // Deny by default, before the body is parsed or validated: a visitor's request to a signed-in
    // route gets 401 whatever it holds. Unknown paths fall through to the 404 handler.
    if (!req.user && req.routeOptions.url !== undefined && req.routeOptions.config.access !== 'public') requireUser(req);
  });
  // Any write may have changed an account or a session (a role, a profile, a password, a sign-in):
  // once it is answered, this process looks every session up afresh. Only routes marked as touching
  // neither (keepsSessions) are exempt.
  app.addHook('onResponse', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.routeOptions.config.keepsSessions !== true) cache.clear();
  });

  // Expired rows are harmless (lookups check expiry) but would pile up: sweep them hourly.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await changes.start();
    sweeper = setInterval(
      () => void purgeExpiredSessions(app.db, opts.policy).catch((err) => app.log.warn({ err }, 'session sweep failed')),
      3_600_000,
    );
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await changes.close();
  });
});
