import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { safeguardingApi as api } from '#common/contracts/safeguarding.ts';

import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { SafeguardingService } from './safeguarding.service.ts';

/**
 * Concerns raised by members (signed in), by anyone on the public page, and by parents from their
 * mailed link; a member's own concerns and approval. The Safeguarding tab's routes are in
 * safeguarding.admin-routes.ts, inside the admin console's gate.
 */
const safeguardingRoutes: FastifyPluginAsyncZod<{ safeguarding: SafeguardingService; formsRateLimit: number }> = async (
  app,
  { safeguarding, formsRateLimit },
) => {
  const rateLimit = { max: formsRateLimit, timeWindow: '1 minute' };

  app.route({
    ...routeOf(api.raiseConcern),
    config: { rateLimit },
    handler: async (req, reply) => reply.status(201).send(await safeguarding.raiseAsMember(requireUser(req), req.body)),
  });
  app.route({ ...routeOf(api.myConcerns), handler: async (req) => safeguarding.listMyConcerns(requireUser(req)) });
  app.route({ ...routeOf(api.myApproval), handler: async (req) => safeguarding.getMyApproval(requireUser(req)) });

  // Anyone, signed in or not: the public page. Limited like the other public forms.
  app.route({
    ...routeOf(api.raisePublicConcern),
    config: { access: 'public', rateLimit },
    handler: async (req, reply) => reply.status(201).send(await safeguarding.raisePublic(req.body)),
  });
  // The unguessable link is the permission (the status only: received, being looked at, closed).
  app.route({
    ...routeOf(api.concernStatus),
    config: { access: 'public', rateLimit },
    handler: async (req) => safeguarding.statusByToken(req.params.token),
  });
  app.route({
    ...routeOf(api.parentMentors),
    config: { access: 'public', rateLimit },
    handler: async (req) => safeguarding.getParentView(req.params.token),
  });
  app.route({
    ...routeOf(api.raiseParentConcern),
    config: { access: 'public', rateLimit },
    handler: async (req, reply) => reply.status(201).send(await safeguarding.raiseAsParent(req.params.token, req.body)),
  });
};

export default safeguardingRoutes;
