import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { AccountsService } from './accounts.service.ts';

/** Deactivate, reactivate and delete accounts from the directory (registered inside the admin gate). */
const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  // Sensitive actions: the password or a code typed again within the last minutes (decision 038).
  app.route({
    ...routeOf(adminApi.userDeactivation),
    handler: async (req) => {
      requireRecentAuth(req);
      const result = await accounts.setDeactivated({
        actor: adminActor(req),
        targetId: req.params.id,
        isDeactivated: req.body.isDeactivated,
      });
      // The account's sessions are gone: this process forgets them now (others within seconds).
      app.sessionCache.clear();
      return result;
    },
  });

  app.route({
    ...routeOf(adminApi.deleteUser),
    handler: async (req, reply) => {
      requireRecentAuth(req);
      await accounts.deleteUser({ actor: adminActor(req), targetId: req.params.id });
      app.sessionCache.clear();
      return reply.status(204).send();
    },
  });
};

export default accountsRoutes;
