import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';

import { callbackStaffActor } from '../admin-actor.ts';
import type { CallbacksService } from './callbacks.service.ts';

/**
 * The callback requests inbox (registered inside the admin gate). Its list and its PATCH are also
 * open to responders who are not admins, who change the status only (decision 015).
 */
const callbacksRoutes: FastifyPluginAsyncZod<{ callbacks: CallbacksService }> = async (app, { callbacks }) => {
  app.route({
    ...routeOf(adminApi.callbacks),
    handler: async (req) => callbacks.getPage(req.query.status, req.query.page),
  });

  app.route({
    ...routeOf(adminApi.updateCallback),
    handler: async (req) => callbacks.update({ actor: callbackStaffActor(req), id: req.params.id, body: req.body }),
  });

  app.route({ ...routeOf(adminApi.assignees), handler: async () => callbacks.getAssignees() });
};

export default callbacksRoutes;
