import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdminRole, type Role } from '../../common/contracts/auth.ts';
import { AppError } from '../lib/app-error.ts';
import { loadSessionUser, purgeExpiredSessions, SESSION_COOKIE, type SessionPolicy, type UserRow } from '../modules/auth/session.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Loaded once per API request. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    sessionPolicy: SessionPolicy;
  }
}

/** The signed-in user, or a 401 for visitors. */
export function requireUser(req: FastifyRequest): UserRow {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return req.user;
}

/** The signed-in user when their role is one of `allowed`: 401 for visitors, 403 for everyone else. */
export function requireRole(req: FastifyRequest, allowed: readonly Role[]): UserRow {
  const user = requireUser(req);
  if (!allowed.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return user;
}

export function requireAdmin(req: FastifyRequest): UserRow {
  const user = requireUser(req);
  if (!isAdminRole(user.role)) throw new AppError('FORBIDDEN', "You don't have permission to access the admin dashboard.");
  return user;
}

export default fp<{ policy: SessionPolicy }>(async function session(app: FastifyInstance, opts) {
  await app.register(cookie);
  app.decorate('sessionPolicy', opts.policy);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.user = await loadSessionUser(app.db, token, opts.policy);
  });

  // Expired rows are harmless (lookups check expiry) but would pile up: sweep them hourly.
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => void purgeExpiredSessions(app.db, opts.policy).catch((err) => app.log.warn({ err }, 'session sweep failed')), 3_600_000);
    sweeper.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
});
