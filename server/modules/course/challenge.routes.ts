import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { challengeApi } from '#common/contracts/challenge.ts';

import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { ChallengeService } from './challenge.service.ts';

/**
 * The challenge's read and sync: the signed-in learner's own challenge ticks and sections read, and
 * their streak. The body and query name no user (an extra field is a 400), so nobody ticks for anyone else.
 */
const challengeRoutes: FastifyPluginAsyncZod<{ challenge: ChallengeService }> = async (app, { challenge }) => {
  app.route({
    ...routeOf(challengeApi.challenge),
    handler: async (req) => challenge.get(requireUser(req).id, req.query.courseId, req.query.today),
  });

  // PUT: sending the same marks again (a retry after a lost answer, a second sync) changes nothing.
  app.route({ ...routeOf(challengeApi.sync), handler: async (req) => challenge.sync(requireUser(req).id, req.body) });
};

export default challengeRoutes;
