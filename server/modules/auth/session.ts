import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authStates, sessions, users } from '../../db/schema/index.ts';

export const SESSION_COOKIE = 'sid';
export type UserRow = typeof users.$inferSelect;

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: Db, userId: string, policy: SessionPolicy): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ idHash: hashToken(token), userId, expiresAt: new Date(Date.now() + policy.absoluteMs) });
  return token;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** The user of a live session (not past its idle or absolute expiry), refreshing its last-seen time at most once a minute. */
export async function loadSessionUser(db: Db, token: string, policy: SessionPolicy): Promise<UserRow | null> {
  const idHash = hashToken(token);
  const idleCutoff = new Date(Date.now() - policy.idleMs);
  const rows = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date()), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > 60_000)
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
  return row.user;
}

/** Deletes sessions past their idle or absolute expiry, and abandoned OpenID Connect logins. */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${lt(sessions.expiresAt, new Date())} or ${lt(sessions.lastSeenAt, new Date(Date.now() - policy.idleMs))}`);
  await db.delete(authStates).where(lt(authStates.expiresAt, new Date()));
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: Math.floor(policy.absoluteMs / 1000),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' });
}
