import type { FastifyRequest } from 'fastify';

import { requireAdmin, requireCallbackStaff } from '../../plugins/session.ts';
import type { Actor } from './admin-shared.ts';

/** The signed-in admin or founder making the request (401 / 403 otherwise). */
export function adminActor(req: FastifyRequest): Actor & { kind: 'user' } {
  const user = requireAdmin(req);
  return { kind: 'user', id: user.id, role: user.role };
}

/** The signed-in admin, founder or responder working the callback inbox (401 / 403 otherwise). */
export function callbackStaffActor(req: FastifyRequest): Actor & { kind: 'user' } {
  const user = requireCallbackStaff(req);
  return { kind: 'user', id: user.id, role: user.role };
}
