import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminPaths,
  assigneeList,
  callbackItem,
  callbackList,
  callbackListQuery,
  callbackUpdateBody,
  idParams,
} from '#common/contracts/admin.ts';

import { callbackStaffActor } from '../admin-actor.ts';
import type { CallbacksService } from './callbacks.service.ts';

/**
 * The callback requests inbox (registered inside the admin gate). Its list and its PATCH are also
 * open to responders who are not admins, who change the status only (decision 015).
 */
const callbacksRoutes: FastifyPluginAsyncZod<{ callbacks: CallbacksService }> = async (app, { callbacks }) => {
  app.get(adminPaths.callbacks, { schema: { querystring: callbackListQuery, response: { 200: callbackList } } }, async (req) =>
    callbacks.getPage(req.query.status, req.query.page),
  );

  app.patch(
    adminPaths.callback(':id'),
    { schema: { params: idParams, body: callbackUpdateBody, response: { 200: callbackItem } } },
    async (req) => callbacks.update({ actor: callbackStaffActor(req), id: req.params.id, body: req.body }),
  );

  app.get(adminPaths.assignees, { schema: { response: { 200: assigneeList } } }, async () => callbacks.getAssignees());
};

export default callbacksRoutes;
