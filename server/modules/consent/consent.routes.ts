import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { consentApi } from '#common/contracts/auth-paths.ts';

import { AppError } from '../../lib/app-error.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import { deviceHashOf, rememberChildBrowser } from './child-browsers.ts';
import type { ConsentService, LinkViewer } from './consent.service.ts';

/** Mails to a parent per account and hour, resent or redirected: nobody can use the app to flood an address. */
export const PARENT_MAILS_PER_HOUR = 5;

interface Options {
  consent: ConsentService;
  formsRateLimit: number;
}

const consentRoutes: FastifyPluginAsyncZod<Options> = async (app, { consent, formsRateLimit }) => {
  const rateLimit = { max: formsRateLimit, timeWindow: '1 minute' };

  app.route({
    ...routeOf(consentApi.consent),
    handler: async (req, reply) => {
      const user = await consent.giveConsent(requireUser(req), req.body);
      // A first arrival below the age: this browser is the young person's from now on (decision 065).
      if (user.consentStatus === 'pending_parent') await rememberChildBrowser(consent, req, reply, user.id);
      return toCurrentUser(user);
    },
  });

  // The young person's request to the parent: see where it went, send it again, or correct the address.
  const perAccount = app.createRateLimit({
    max: PARENT_MAILS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (req) => `parent-request:${req.user!.id}`,
  });
  const sendGuard = async (req: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    const limit = await perAccount(req);
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError('RATE_LIMITED', 'You asked for many mails to your parent in a short time. Please wait an hour and try again.');
    return user;
  };

  app.route({
    ...routeOf(consentApi.parentRequest),
    handler: async (req, reply) => {
      const view = await consent.parentRequestOf(requireUser(req));
      // Asked by the banner on every screen of a waiting account: a browser signed in before the
      // device cookie existed is marked too (decision 065).
      await rememberChildBrowser(consent, req, reply, req.user!.id);
      return view;
    },
  });

  app.route({
    ...routeOf(consentApi.parentRequestResend),
    config: { rateLimit },
    handler: async (req, reply) => {
      const user = await sendGuard(req);
      return reply.status(202).send(await consent.sendParentRequest(user));
    },
  });

  app.route({
    ...routeOf(consentApi.updateParentRequest),
    config: { rateLimit },
    handler: async (req) => consent.sendParentRequest(await sendGuard(req), req.body.parentEmail),
  });

  // The parent is not signed in: the unguessable link in their mail is the permission, except in
  // the young person's own session or a browser they signed in from (decision 065).
  const viewerOf = (req: FastifyRequest): LinkViewer => ({ userId: req.user?.id ?? null, deviceHash: deviceHashOf(req) });
  app.route({
    ...routeOf(consentApi.parentConsent),
    config: { access: 'public', rateLimit },
    handler: async (req) => consent.parentView(req.params.token, viewerOf(req)),
  });

  app.route({
    ...routeOf(consentApi.parentDecision),
    config: { access: 'public', rateLimit },
    handler: async (req) => {
      const status = await consent.parentDecide(req.params.token, req.body, viewerOf(req));
      // The young person's remembered session must see the change (or the deletion) at once.
      app.sessionCache.clear();
      return { status };
    },
  });
};

export default consentRoutes;
