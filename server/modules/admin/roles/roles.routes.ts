import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { idParams, responderBody, responderResult, roleChangeBody, roleChangeResult } from '#common/contracts/admin.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { RolesService } from './roles.service.ts';

/** Role changes from the directory (registered inside the admin gate). */
const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  // A sensitive action: the password or a code typed again within the last minutes (decision 038).
  app.put(
    '/api/admin/users/:id/role',
    { schema: { params: idParams, body: roleChangeBody, response: { 200: roleChangeResult } } },
    async (req) => {
      requireRecentAuth(req);
      return roles.changeRole({ actor: adminActor(req), targetId: req.params.id, role: req.body.role });
    },
  );

  // A responder reads callback requests (names, phones, what people asked for): step-up as for a role (issue 24).
  app.put(
    '/api/admin/users/:id/responder',
    { schema: { params: idParams, body: responderBody, response: { 200: responderResult } } },
    async (req) => {
      requireRecentAuth(req);
      return roles.setResponder({ actor: adminActor(req), targetId: req.params.id, isResponder: req.body.isResponder });
    },
  );
};

export default rolesRoutes;
