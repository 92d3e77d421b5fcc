import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { RolesService } from './roles.service.ts';

/** Role changes from the directory (registered inside the admin gate). */
const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  // A sensitive action: the password or a code typed again within the last minutes (decision 038).
  app.route({
    ...routeOf(adminApi.userRole),
    handler: async (req) => {
      requireRecentAuth(req);
      return roles.changeRole({ actor: adminActor(req), targetId: req.params.id, role: req.body.role });
    },
  });

  // A responder reads callback requests (names, phones, what people asked for): step-up as for a role (issue 24).
  app.route({
    ...routeOf(adminApi.userResponder),
    handler: async (req) => {
      requireRecentAuth(req);
      return roles.setResponder({ actor: adminActor(req), targetId: req.params.id, isResponder: req.body.isResponder });
    },
  });
};

export default rolesRoutes;
