import type { FastifyReply, FastifyRequest } from 'fastify';

import { hashToken, newToken } from '../../lib/session.ts';
import type { ConsentService } from './consent.service.ts';

/**
 * The browsers of a young person waiting for a parent (docs/decisions/065). When such an account
 * signs in (or its banner loads), its browser gets a device cookie, a random value that says
 * nothing else, and the account keeps the value's SHA-256. The parent's link does not work in a
 * browser that has it: the young person cannot sign out and agree for their parent from the same
 * browser. Another browser, a private window or another device is not recognised (the limits are
 * in docs/security.md).
 */
export const DEVICE_COOKIE = 'did';
/** Over https, with the __Host- prefix, as the session cookie. */
export const SECURE_DEVICE_COOKIE = '__Host-did';
const cookieName = (req: FastifyRequest) => (req.protocol === 'https' ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE);
/** About 400 days: the longest a browser keeps a cookie. */
const DEVICE_COOKIE_SECONDS = 400 * 86_400;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of this browser's device cookie, or null when it has none. */
export function deviceHashOf(req: FastifyRequest): string | null {
  const token = req.cookies[cookieName(req)];
  return token && TOKEN.test(token) ? hashToken(token) : null;
}

/** Marks this browser as one the young person `userId` used: the device cookie (set when missing) and its hash kept with the account. */
export async function rememberChildBrowser(
  consent: Pick<ConsentService, 'rememberChildDevice'>,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  let token = req.cookies[cookieName(req)];
  if (!token || !TOKEN.test(token)) {
    token = newToken();
    reply.setCookie(cookieName(req), token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: DEVICE_COOKIE_SECONDS,
    });
  }
  await consent.rememberChildDevice(userId, hashToken(token));
}
