import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { challengePaths, challengeQuery, challengeState, challengeSyncBody } from '#common/contracts/challenge.ts';

import { requireUser } from '../../plugins/session.ts';
import type { ChallengeService } from './challenge.service.ts';

/**
 * GET/PUT /api/challenge: the signed-in learner's own challenge ticks and sections read, and their
 * streak. The body and query name no user (an extra field is a 400), so nobody ticks for anyone else.
 */
const challengeRoutes: FastifyPluginAsyncZod<{ challenge: ChallengeService }> = async (app, { challenge }) => {
  app.get(challengePaths.challenge, { schema: { querystring: challengeQuery, response: { 200: challengeState } } }, async (req) =>
    challenge.get(requireUser(req).id, req.query.courseId, req.query.today),
  );

  // PUT: sending the same marks again (a retry after a lost answer, a second sync) changes nothing.
  app.put(challengePaths.challenge, { schema: { body: challengeSyncBody, response: { 200: challengeState } } }, async (req) =>
    challenge.sync(requireUser(req).id, req.body),
  );
};

export default challengeRoutes;
