import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  addDiscipleBody,
  addDiscipleResult,
  ambassadorApplication,
  answerLinkBody,
  discipleNode,
  disciplesSummary,
  idParams,
  invitation,
  mentoringPaths,
  mentorLinks,
  pendingDisciples,
  progression,
} from '#common/contracts/mentoring.ts';

import type { AccountEvents } from '../../lib/account-events.ts';
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

  app.get(mentoringPaths.summary, { schema: { response: { 200: disciplesSummary } } }, async (req) =>
    mentoring.getSummary(requireUser(req)),
  );

  // The tree's nodes are built field by field (getTree's mapper, then buildTree), so the contract's
  // property filter has nothing to drop: JSON.stringify writes them, a 10,000-person tree (1.4 MB)
  // in 5 ms where fast-json-stringify took 13-15 ms (decision 058; a test checks every node's fields).
  app.get(mentoringPaths.tree, { schema: { response: { 200: discipleNode } }, serializerCompiler: () => JSON.stringify }, async (req) =>
    mentoring.getTree(requireUser(req)),
  );

  app.get(mentoringPaths.pending, { schema: { response: { 200: pendingDisciples } } }, async (req) =>
    mentoring.getPending(requireUser(req)),
  );

  app.get(mentoringPaths.progression, { schema: { response: { 200: progression } } }, async (req) =>
    mentoring.getProgression(requireUser(req)),
  );

  // The answer is the same whether or not the email has an account; the limit keeps anyone from
  // filling other people's dashboards with invitations.
  app.post(
    mentoringPaths.disciples,
    {
      config: { rateLimit: { max: formsRateLimit * 6, timeWindow: '1 minute' } },
      schema: { body: addDiscipleBody, response: { 201: addDiscipleResult } },
    },
    async (req, reply) => reply.status(201).send(await mentoring.addDisciple(requireUser(req), req.body)),
  );

  app.post(mentoringPaths.invitationResend, { schema: { params: idParams, response: { 200: invitation } } }, async (req) =>
    invitations.resend(app.db, requireUser(req), req.params.id),
  );

  app.delete(mentoringPaths.invitation, { schema: { params: idParams } }, async (req, reply) => {
    await invitations.cancel(app.db, requireUser(req), req.params.id);
    return reply.status(204).send();
  });

  app.delete(mentoringPaths.disciple, { schema: { params: idParams } }, async (req, reply) => {
    await mentoring.removeDisciple(requireUser(req), req.params.id);
    return reply.status(204).send();
  });

  app.get(mentoringPaths.links, { schema: { response: { 200: mentorLinks } } }, async (req) => mentoring.getLinks(requireUser(req)));

  app.post(mentoringPaths.linkRequest, { schema: { params: idParams, body: answerLinkBody } }, async (req, reply) => {
    await mentoring.answerRequest(requireUser(req), req.params.id, req.body.accept);
    return reply.status(204).send();
  });

  app.post(mentoringPaths.linkInvitation, { schema: { params: idParams, body: answerLinkBody } }, async (req, reply) => {
    await mentoring.answerInvitation(requireUser(req), req.params.id, req.body.accept);
    return reply.status(204).send();
  });

  app.delete(mentoringPaths.outgoing, async (req, reply) => {
    await mentoring.dismissOutgoing(requireUser(req));
    return reply.status(204).send();
  });

  app.delete(mentoringPaths.mentor, async (req, reply) => {
    await mentoring.leaveMentor(requireUser(req));
    return reply.status(204).send();
  });

  app.post(mentoringPaths.ambassadorApplications, { schema: { response: { 201: ambassadorApplication } } }, async (req, reply) => {
    return reply.status(201).send(await mentoring.applyForAmbassador(requireUser(req)));
  });
};

export default mentoringRoutes;
