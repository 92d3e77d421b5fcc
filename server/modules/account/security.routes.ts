import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  changePasswordBody,
  endedSessions,
  mfaPaths,
  mfaStatus,
  reauthBody,
  reauthResult,
  recoveryCodeList,
  securityPaths,
  sessionList,
  sessionParams,
  totpConfirmBody,
  totpEnrolment,
} from '#common/contracts/security.ts';

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

  app.post(
    securityPaths.password,
    { config: perClient, schema: { body: changePasswordBody, response: { 200: endedSessions } } },
    async (req) => {
      const result = await security.changePassword({ ...requireSession(req), body: req.body });
      // The ended sessions are forgotten before the answer, not after it (decision 021).
      app.sessionCache.clear();
      return result;
    },
  );

  app.get(securityPaths.sessions, { schema: { response: { 200: sessionList } } }, async (req) => ({
    sessions: await security.listSessions(requireSession(req)),
  }));

  app.delete(securityPaths.otherSessions, { schema: { response: { 200: endedSessions } } }, async (req) => {
    const result = await security.endOtherSessions(requireSession(req));
    app.sessionCache.clear();
    return result;
  });

  app.delete(`${securityPaths.sessions}/:id`, { schema: { params: sessionParams } }, async (req, reply) => {
    const { user, session } = requireSession(req);
    await security.endSession({ user, sessionId: req.params.id });
    app.sessionCache.clear();
    if (req.params.id === session.id) clearSessionCookie(req, reply);
    return reply.status(204).send();
  });

  // ---- Two-step verification ----

  app.get(mfaPaths.status, { schema: { response: { 200: mfaStatus } } }, async (req) => security.mfaStatus(requireSession(req)));

  app.post(mfaPaths.totpSetup, { config: perClient, schema: { response: { 200: totpEnrolment } } }, async (req) =>
    security.startTotpEnrolment(requireSession(req)),
  );

  app.post(
    mfaPaths.totpConfirm,
    { config: perClient, schema: { body: totpConfirmBody, response: { 200: recoveryCodeList } } },
    async (req) => {
      const recoveryCodes = await security.confirmTotpEnrolment({ ...requireSession(req), code: req.body.code });
      // This session is now verified: the admin console opens on the next request.
      app.sessionCache.clear();
      return { recoveryCodes };
    },
  );

  app.post(mfaPaths.recoveryCodes, { config: perClient, schema: { response: { 200: recoveryCodeList } } }, async (req) => ({
    recoveryCodes: await security.regenerateRecoveryCodes(requireSession(req)),
  }));

  app.delete(mfaPaths.totp, { config: perClient }, async (req, reply) => {
    await security.disableTotp(requireSession(req));
    app.sessionCache.clear();
    return reply.status(204).send();
  });

  app.post(mfaPaths.reauth, { config: perClient, schema: { body: reauthBody, response: { 200: reauthResult } } }, async (req) => {
    const result = await security.reauthenticate({ ...requireSession(req), body: req.body });
    app.sessionCache.clear();
    return result;
  });
};

export default securityRoutes;
