import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';

import { adminActor } from '../admin-actor.ts';
import type { WatchmomsService } from './watchmoms.service.ts';

/** WatchMoms applications for the team (registered inside the admin gate). */
const watchmomsRoutes: FastifyPluginAsyncZod<{ watchmoms: WatchmomsService }> = async (app, { watchmoms }) => {
  app.route({
    ...routeOf(adminApi.watchmoms),
    handler: async (req) => watchmoms.getPage(req.query.status, req.query.page),
  });

  app.route({
    ...routeOf(adminApi.updateWatchmoms),
    handler: async (req) => watchmoms.update({ actor: adminActor(req), id: req.params.id, body: req.body }),
  });
};

export default watchmomsRoutes;
