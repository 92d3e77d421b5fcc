import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { safeguardingApi as api } from '#common/contracts/safeguarding.ts';

import { routeOf } from '../../lib/route.ts';
import { requireAdmin, requireRecentAuth, requireUser } from '../../plugins/session.ts';
import type { SafeguardingService } from './safeguarding.service.ts';

/**
 * The Safeguarding tab (registered inside the admin console's gate, which lets the safeguarding
 * lead through to these routes only, with two-step verification). Granting the lead role is an
 * admin's, with the password or a code typed again, as for a responder.
 */
const safeguardingAdminRoutes: FastifyPluginAsyncZod<{ safeguarding: SafeguardingService }> = async (app, { safeguarding: service }) => {
  app.route({ ...routeOf(api.adminMentors), handler: async () => service.listMentors() });
  app.route({
    ...routeOf(api.approveMentor),
    handler: async (req, reply) => reply.status(201).send(await service.approve(requireUser(req), req.body)),
  });
  app.route({
    ...routeOf(api.revokeApproval),
    handler: async (req, reply) => {
      await service.revoke(requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
  app.route({ ...routeOf(api.adminLinks), handler: async () => service.listLinks() });
  app.route({
    ...routeOf(api.pauseLink),
    handler: async (req, reply) => {
      await service.pauseLink(requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    ...routeOf(api.resumeLink),
    handler: async (req, reply) => {
      await service.resumeLink(requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  });
  app.route({ ...routeOf(api.adminConcerns), handler: async () => service.listConcerns() });
  app.route({ ...routeOf(api.adminConcern), handler: async (req) => service.openConcern(requireUser(req), req.params.id) });
  app.route({
    ...routeOf(api.setConcernStatus),
    handler: async (req, reply) => {
      await service.setConcernStatus(requireUser(req), req.params.id, req.body.status);
      return reply.status(204).send();
    },
  });
  app.route({ ...routeOf(api.adminAudit), handler: async () => service.listAudit() });
  app.route({
    ...routeOf(api.setLead),
    handler: async (req) => {
      const admin = requireAdmin(req);
      requireRecentAuth(req);
      return service.setLead(admin, req.params.id, req.body.isSafeguardingLead);
    },
  });
};

export default safeguardingAdminRoutes;
