import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  adminPaths,
  applicationDecisionBody,
  applicationItem,
  applicationList,
  applicationListQuery,
  idParams,
} from '#common/contracts/admin.ts';

import { adminActor } from '../admin-actor.ts';
import type { ApplicationsService } from './applications.service.ts';

/** Ambassador applications for the team (registered inside the admin gate). */
const applicationsRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (app, { applications }) => {
  app.get(adminPaths.applications, { schema: { querystring: applicationListQuery, response: { 200: applicationList } } }, async (req) =>
    applications.getPage(req.query.status, req.query.page),
  );

  app.post(
    '/api/admin/ambassador-applications/:id/decision',
    { schema: { params: idParams, body: applicationDecisionBody, response: { 200: applicationItem } } },
    async (req) => applications.decide({ actor: adminActor(req), id: req.params.id, decision: req.body.decision }),
  );
};

export default applicationsRoutes;
