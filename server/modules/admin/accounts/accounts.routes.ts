import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminPaths, deactivationBody, deactivationResult, idParams } from '#common/contracts/admin.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { AccountsService } from './accounts.service.ts';

/** Deactivate, reactivate and delete accounts from the directory (registered inside the admin gate). */
const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  // Sensitive actions: the password or a code typed again within the last minutes (decision 038).
  app.put(
    adminPaths.userDeactivation(':id'),
    { schema: { params: idParams, body: deactivationBody, response: { 200: deactivationResult } } },
    async (req) => {
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
  );

  app.delete(adminPaths.user(':id'), { schema: { params: idParams } }, async (req, reply) => {
    requireRecentAuth(req);
    await accounts.deleteUser({ actor: adminActor(req), targetId: req.params.id });
    app.sessionCache.clear();
    return reply.status(204).send();
  });
};

export default accountsRoutes;
