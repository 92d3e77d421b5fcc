import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  concernReceipt,
  concernStatusView,
  myConcerns,
  myMentorApproval,
  parentConcernBody,
  parentMentorsView,
  safeguardingPaths as paths,
  publicConcernBody,
  raiseConcernBody,
  tokenParams,
} from '#common/contracts/safeguarding.ts';

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

  app.post(
    paths.concerns,
    { config: { rateLimit }, schema: { body: raiseConcernBody, response: { 201: concernReceipt } } },
    async (req, reply) => reply.status(201).send(await safeguarding.raiseAsMember(requireUser(req), req.body)),
  );
  app.get(paths.concerns, { schema: { response: { 200: myConcerns } } }, async (req) => safeguarding.listMyConcerns(requireUser(req)));
  app.get(paths.myApproval, { schema: { response: { 200: myMentorApproval } } }, async (req) =>
    safeguarding.getMyApproval(requireUser(req)),
  );

  // Anyone, signed in or not: the public page. Limited like the other public forms.
  app.post(
    paths.publicConcerns,
    { config: { access: 'public', rateLimit }, schema: { body: publicConcernBody, response: { 201: concernReceipt } } },
    async (req, reply) => reply.status(201).send(await safeguarding.raisePublic(req.body)),
  );
  // The unguessable link is the permission (the status only: received, being looked at, closed).
  app.get(
    paths.concernStatus,
    { config: { access: 'public', rateLimit }, schema: { params: tokenParams, response: { 200: concernStatusView } } },
    async (req) => safeguarding.statusByToken(req.params.token),
  );
  app.get(
    paths.parent,
    { config: { access: 'public', rateLimit }, schema: { params: tokenParams, response: { 200: parentMentorsView } } },
    async (req) => safeguarding.getParentView(req.params.token),
  );
  app.post(
    paths.parentConcerns,
    {
      config: { access: 'public', rateLimit },
      schema: { params: tokenParams, body: parentConcernBody, response: { 201: concernReceipt } },
    },
    async (req, reply) => reply.status(201).send(await safeguarding.raiseAsParent(req.params.token, req.body)),
  );
};

export default safeguardingRoutes;
