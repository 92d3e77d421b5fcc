import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '../../../common/contracts/auth-paths.ts';
import { consentBody, currentUser, parentConsentParams, parentConsentView, parentDecisionBody, parentDecisionResult } from '../../../common/contracts/auth.ts';
import { toCurrentUser } from '../auth/auth.service.ts';
import { requireUser } from '../../plugins/session.ts';
import type { ConsentService } from './consent.service.ts';

interface Options {
  consent: ConsentService;
  formsRateLimit: number;
}

const consentRoutes: FastifyPluginAsyncZod<Options> = async (app, { consent, formsRateLimit }) => {
  const rateLimit = { max: formsRateLimit, timeWindow: '1 minute' };

  app.post(paths.consent, { schema: { body: consentBody, response: { 200: currentUser } } }, async (req) => toCurrentUser(await consent.giveConsent(requireUser(req), req.body)));

  // The parent is not signed in: the unguessable link in their mail is the permission.
  app.get(`${paths.parentConsent}/:token`, { config: { access: 'public', rateLimit }, schema: { params: parentConsentParams, response: { 200: parentConsentView } } }, async (req) =>
    consent.parentView(req.params.token),
  );

  app.post(`${paths.parentConsent}/:token`, { config: { access: 'public', rateLimit }, schema: { params: parentConsentParams, body: parentDecisionBody, response: { 200: parentDecisionResult } } }, async (req) => {
    const status = await consent.parentDecide(req.params.token, req.body);
    // The young person's remembered session must see the change (or the deletion) at once.
    app.sessionCache.clear();
    return { status };
  });
};

export default consentRoutes;
