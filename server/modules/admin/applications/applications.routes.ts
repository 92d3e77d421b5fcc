import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';

import { adminActor } from '../admin-actor.ts';
import type { ApplicationsService } from './applications.service.ts';

/** Ambassador applications for the team (registered inside the admin gate). */
const applicationsRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (app, { applications }) => {
  app.route({
    ...routeOf(adminApi.applications),
    handler: async (req) => applications.getPage(req.query.status, req.query.page),
  });

  app.route({
    ...routeOf(adminApi.decideApplication),
    handler: async (req) => applications.decide({ actor: adminActor(req), id: req.params.id, decision: req.body.decision }),
  });
};

export default applicationsRoutes;
