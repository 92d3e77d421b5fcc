import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { REAUTH_WINDOW_MINUTES } from '#common/contracts/security.ts';

import type { Db } from '../db/client.ts';
import { authStates, sessions, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

export const SESSION_COOKIE = 'sid';
/** Over https the cookie carries the __Host- prefix: the browser then only accepts it Secure, for Path=/, from this very host (no sibling subdomain or plain-http page can plant one). */
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** The session cookie's name for this request's protocol; the other name is ignored. */
export const sessionCookieName = (req: FastifyRequest) => (req.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
export type UserRow = typeof users.$inferSelect;

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export interface NewSession {
  /** The browser's User-Agent header, kept (cut to 512 characters) to name the device in the sessions list. */
  userAgent?: string | undefined;
  /** The sign-in passed two-step verification. */
  isMfaVerified?: boolean;
}

export async function createSession(db: Db, userId: string, policy: SessionPolicy, opts: NewSession = {}): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + policy.absoluteMs),
    userAgent: opts.userAgent ? opts.userAgent.slice(0, 512) : null,
    mfaAt: opts.isMfaVerified ? now : null,
    reauthAt: now,
  });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** What the request knows of its own session (besides the user). */
export interface SessionState {
  /** The id the sessions list shows; never the token or its hash. */
  id: string;
  idHash: string;
  /** When this session passed two-step verification, or null. */
  mfaAt: Date | null;
  /** The last time the user proved who they are in this session. */
  reauthAt: Date;
}

export const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60_000;

/** Sensitive actions need the password or a code typed in this session within the last REAUTH_WINDOW_MINUTES (docs/decisions/038). */
export function assertRecentAuth(session: SessionState) {
  if (Date.now() - session.reauthAt.getTime() > REAUTH_WINDOW_MS)
    throw new AppError('REAUTH_REQUIRED', 'For your safety, type your password or a code again to do this.');
}

export interface LiveSession {
  user: UserRow;
  session: SessionState;
  /** When the session ends at the latest (absolute expiry), ms since epoch. */
  expiresAt: number;
}

/**
 * Looks up live sessions (not past their idle or absolute expiry) with one indexed query, a named
 * prepared statement (parsed and planned once per connection), refreshing the last-seen time at
 * most once a minute.
 */
export function sessionLookup(db: Db, policy: SessionPolicy) {
  const query = db
    .select({
      user: users,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      publicId: sessions.publicId,
      mfaAt: sessions.mfaAt,
      reauthAt: sessions.reauthAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A deactivated account has no live session, whichever instance or path created it.
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleCutoff')),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1)
    .prepare('session_user');
  return async (token: string): Promise<LiveSession | null> => {
    const idHash = hashToken(token);
    const now = Date.now();
    const [row] = await query.execute({ idHash, now: new Date(now), idleCutoff: new Date(now - policy.idleMs) });
    if (!row) return null;
    if (now - row.lastSeenAt.getTime() > 60_000)
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash));
    return {
      user: row.user,
      session: { id: row.publicId, idHash, mfaAt: row.mfaAt, reauthAt: row.reauthAt },
      expiresAt: row.expiresAt.getTime(),
    };
  };
}

/**
 * A short per-process memory of live sessions, so that most signed-in requests make no session
 * query at all (docs/decisions/021-session-cache.md). An entry lives `ttlMs` at most. Every write
 * request answered by this process empties it (`clear`), so anything changed through this
 * instance (sign-out, role, profile, password) is seen by its next request; changes made elsewhere
 * (another instance, the users CLI) are seen within `ttlMs`.
 */
export class SessionCache {
  private readonly entries = new Map<string, { live: LiveSession; validUntil: number }>();
  private readonly loading = new Map<string, { generation: number; live: Promise<LiveSession | null> }>();
  /** Bumped by clear(): a lookup that started before a clear must not store or share what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The remembered session, or a lookup. `isFreshNeeded` says when what is remembered must be read
   * again before it is used (a write, a staff member: docs/decisions/065); such a lookup does not
   * share one already under way either, which may have read the row before a change.
   */
  async get(
    token: string,
    load: (token: string) => Promise<LiveSession | null>,
    isFreshNeeded?: (live: LiveSession | null) => boolean,
  ): Promise<LiveSession | null> {
    const now = Date.now();
    const hit = this.entries.get(token);
    const isFresh = isFreshNeeded?.(hit?.live ?? null) === true;
    if (hit && hit.validUntil > now && !isFresh) return hit.live;
    if (hit) this.entries.delete(token);
    // Concurrent requests of one session share one lookup.
    const pending = this.loading.get(token);
    if (pending && pending.generation === this.generation && !isFresh) return await pending.live;
    const generation = this.generation;
    const promise = load(token);
    this.loading.set(token, { generation, live: promise });
    try {
      const live = await promise;
      if (live && this.ttlMs > 0 && generation === this.generation) {
        // Oldest first out: a Map iterates in insertion order.
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(token, { live, validUntil: Math.min(now + this.ttlMs, live.expiresAt) });
      }
      return live;
    } finally {
      if (this.loading.get(token)?.live === promise) this.loading.delete(token);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}

/** Deletes sessions past their idle or absolute expiry, and abandoned OpenID Connect logins. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${lt(sessions.expiresAt, new Date())} or ${lt(sessions.lastSeenAt, new Date(Date.now() - policy.idleMs))}`);
  await db.delete(authStates).where(lt(authStates.expiresAt, new Date()));
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(sessionCookieName(req), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(policy.absoluteMs / 1000),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(req), { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' });
}
