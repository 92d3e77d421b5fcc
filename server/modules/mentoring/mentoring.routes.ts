import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDiscipleBody, addDiscipleResult, ambassadorApplication, discipleNode, disciplesSummary, mentoringPaths, pendingDisciples, progression,
} from '../../../common/contracts/mentoring.ts';
import { requireUser } from '../../plugins/session.ts';
import type { AccountEvents } from '../../lib/account-events.ts';
import * as service from './mentoring.service.ts';

interface Options {
  /** The app's account-event lists: invitations are accepted at sign-up, mentor names matched after onboarding. */
  hooks: AccountEvents;
  /** Public-form requests per minute; adding disciples gets six times that (30 by default). */
  formsRateLimit: number;
}

/** The signed-in user's disciples, invitations and progression. Every route needs a session (401 otherwise). */
const mentoringRoutes: FastifyPluginAsyncZod<Options> = async (app, { hooks, formsRateLimit }) => {
  hooks.userCreated.push(service.acceptInvitations);
  hooks.onboardingCompleted.push(service.linkByMentorName);

  // Before body validation, so a visitor gets 401 whatever they send.
  app.addHook('preValidation', async (req) => {
    requireUser(req);
  });

  app.get(mentoringPaths.summary, { schema: { response: { 200: disciplesSummary } } }, async (req) => service.getSummary(app.db, requireUser(req)));

  app.get(mentoringPaths.tree, { schema: { response: { 200: discipleNode } } }, async (req) => service.getTree(app.db, requireUser(req)));

  app.get(mentoringPaths.pending, { schema: { response: { 200: pendingDisciples } } }, async (req) => service.getPending(app.db, requireUser(req)));

  app.get(mentoringPaths.progression, { schema: { response: { 200: progression } } }, async (req) => service.getProgression(app.db, requireUser(req)));

  // Its answers tell whether an email has an account (linked, invited, already has a mentor), so it is rate limited.
  app.post(mentoringPaths.disciples, { config: { rateLimit: { max: formsRateLimit * 6, timeWindow: '1 minute' } }, schema: { body: addDiscipleBody, response: { 200: addDiscipleResult, 201: addDiscipleResult } } }, async (req, reply) => {
    const result = await service.addDisciple(app.db, requireUser(req), req.body);
    return reply.status(result.outcome === 'invited' ? 201 : 200).send(result);
  });

  app.post(mentoringPaths.ambassadorApplications, { schema: { response: { 201: ambassadorApplication } } }, async (req, reply) => {
    return reply.status(201).send(await service.applyForAmbassador(app.db, requireUser(req)));
  });
};

export default mentoringRoutes;
