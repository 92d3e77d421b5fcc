import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mfaApi, securityApi } from '#common/contracts/security.ts';

import { routeOf } from '../../lib/route.ts';
import { clearSessionCookie } from '../../lib/session.ts';
import { requireSession } from '../../plugins/session.ts';
import type { SecurityService } from './security.service.ts';

interface Options {
  security: SecurityService;
  /** Requests per minute per client on the routes that check a password or a code. */
  authRateLimit: number;
}

/** The account's security: password, sessions, two-step verification, re-authentication (docs/decisions/038). Every route is the signed-in user's own. */
const securityRoutes: FastifyPluginAsyncZod<Options> = async (app, { security, authRateLimit }) => {
  const perClient = { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } };

  app.route({
    ...routeOf(securityApi.changePassword),
    config: perClient,
    handler: async (req) => {
      const result = await security.changePassword({ ...requireSession(req), body: req.body });
      // The ended sessions are forgotten before the answer, not after it (decision 021).
      app.sessionCache.clear();
      return result;
    },
  });

  app.route({
    ...routeOf(securityApi.sessions),
    handler: async (req) => ({ sessions: await security.listSessions(requireSession(req)) }),
  });

  app.route({
    ...routeOf(securityApi.endOtherSessions),
    handler: async (req) => {
      const result = await security.endOtherSessions(requireSession(req));
      app.sessionCache.clear();
      return result;
    },
  });

  app.route({
    ...routeOf(securityApi.endSession),
    handler: async (req, reply) => {
      const { user, session } = requireSession(req);
      await security.endSession({ user, sessionId: req.params.id });
      app.sessionCache.clear();
      if (req.params.id === session.id) clearSessionCookie(req, reply);
      return reply.status(204).send();
    },
  });

  // ---- Two-step verification ----

  app.route({ ...routeOf(mfaApi.status), handler: async (req) => security.mfaStatus(requireSession(req)) });

  app.route({ ...routeOf(mfaApi.totpSetup), config: perClient, handler: async (req) => security.startTotpEnrolment(requireSession(req)) });

  app.route({
    ...routeOf(mfaApi.totpConfirm),
    config: perClient,
    handler: async (req) => {
      const recoveryCodes = await security.confirmTotpEnrolment({ ...requireSession(req), code: req.body.code });
      // This session is now verified: the admin console opens on the next request.
      app.sessionCache.clear();
      return { recoveryCodes };
    },
  });

  app.route({
    ...routeOf(mfaApi.recoveryCodes),
    config: perClient,
    handler: async (req) => ({ recoveryCodes: await security.regenerateRecoveryCodes(requireSession(req)) }),
  });

  app.route({
    ...routeOf(mfaApi.disableTotp),
    config: perClient,
    handler: async (req, reply) => {
      await security.disableTotp(requireSession(req));
      app.sessionCache.clear();
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(mfaApi.reauth),
    config: perClient,
    handler: async (req) => {
      const result = await security.reauthenticate({ ...requireSession(req), body: req.body });
      app.sessionCache.clear();
      return result;
    },
  });
};

export default securityRoutes;
