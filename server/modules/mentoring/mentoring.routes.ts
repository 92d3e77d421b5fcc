import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mentoringApi } from '#common/contracts/mentoring.ts';

import type { AccountEvents } from '../../lib/account-events.ts';
import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { InvitationMailer } from './invitations.ts';
import type { MentoringService } from './mentoring.service.ts';

interface Options {
  /** The app's account-event lists: invitations are accepted at sign-up, mentor names matched after onboarding. */
  hooks: AccountEvents;
  /** Public-form requests per minute; adding disciples gets six times that (30 by default). */
  formsRateLimit: number;
  /** Invitation mails: resent (once a day) or cancelled by the mentor. */
  invitations: InvitationMailer;
  mentoring: MentoringService;
}

/** The signed-in user's disciples, invitations and progression. Every route needs a session (401 otherwise). */
const mentoringRoutes: FastifyPluginAsyncZod<Options> = async (app, { hooks, formsRateLimit, invitations, mentoring }) => {
  // An account waiting for a parent's consent is not linked to the mentors who invited it (issue 11).
  hooks.userCreated.push((db, user) =>
    user.consentStatus === 'pending_parent' ? Promise.resolve() : mentoring.acceptInvitations(db, user),
  );
  hooks.onboardingCompleted.push(mentoring.linkByMentorName);

  // Before body validation, so a visitor gets 401 whatever they send.
  app.addHook('preValidation', async (req) => {
    requireUser(req);
  });

  app.route({ ...routeOf(mentoringApi.summary), handler: async (req) => mentoring.getSummary(requireUser(req)) });

  // The tree's nodes are built field by field (getTree's mapper, then buildTree), so the contract's
  // property filter has nothing to drop: JSON.stringify writes them, a 10,000-person tree (1.4 MB)
  // in 5 ms where fast-json-stringify took 13-15 ms (decision 058; a test checks every node's fields).
  app.route({
    ...routeOf(mentoringApi.tree),
    serializerCompiler: () => JSON.stringify,
    handler: async (req) => mentoring.getTree(requireUser(req)),
  });

  app.route({ ...routeOf(mentoringApi.pending), handler: async (req) => mentoring.getPending(requireUser(req)) });

  app.route({ ...routeOf(mentoringApi.progression), handler: async (req) => mentoring.getProgression(requireUser(req)) });

  // The answer is the same whether or not the email has an account; the limit keeps anyone from
  // filling other people's dashboards with invitations.
  app.route({
    ...routeOf(mentoringApi.addDisciple),
    config: { rateLimit: { max: formsRateLimit * 6, timeWindow: '1 minute' } },
    handler: async (req, reply) => reply.status(201).send(await mentoring.addDisciple(requireUser(req), req.body)),
  });

  app.route({
    ...routeOf(mentoringApi.resendInvitation),
    handler: async (req) => invitations.resend(app.db, requireUser(req), req.params.id),
  });

  app.route({
    ...routeOf(mentoringApi.cancelInvitation),
    handler: async (req, reply) => {
      await invitations.cancel(app.db, requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mentoringApi.removeDisciple),
    handler: async (req, reply) => {
      await mentoring.removeDisciple(requireUser(req), req.params.id);
      return reply.status(204).send();
    },
  });

  app.route({ ...routeOf(mentoringApi.links), handler: async (req) => mentoring.getLinks(requireUser(req)) });

  app.route({
    ...routeOf(mentoringApi.answerRequest),
    handler: async (req, reply) => {
      await mentoring.answerRequest(requireUser(req), req.params.id, req.body.accept);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mentoringApi.answerInvitation),
    handler: async (req, reply) => {
      await mentoring.answerInvitation(requireUser(req), req.params.id, req.body.accept);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mentoringApi.dismissOutgoing),
    handler: async (req, reply) => {
      await mentoring.dismissOutgoing(requireUser(req));
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mentoringApi.leaveMentor),
    handler: async (req, reply) => {
      await mentoring.leaveMentor(requireUser(req));
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mentoringApi.applyForAmbassador),
    handler: async (req, reply) => reply.status(201).send(await mentoring.applyForAmbassador(requireUser(req))),
  });
};

export default mentoringRoutes;
