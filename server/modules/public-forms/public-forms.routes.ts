import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { IDEMPOTENCY_HEADER, publicFormsApi } from '#common/contracts/public-forms.ts';

import { routeOf } from '../../lib/route.ts';
import { publicFormsRepositoryFactory } from './public-forms.repository.ts';
import { publicFormsServiceFactory, type CallbackRequestHooks } from './public-forms.service.ts';

interface Options {
  /** Submissions per minute per client on each form. */
  formsRateLimit: number;
  /** The staff alerts for a new callback request. */
  callbackHooks?: CallbackRequestHooks;
}

/** The forms anyone may send, signed in or not: WatchMoms applications and counselor callback requests. */
const publicFormsRoutes: FastifyPluginAsyncZod<Options> = async (app, { formsRateLimit, callbackHooks }) => {
  const rateLimit = { max: formsRateLimit, timeWindow: '1 minute' };
  const config = { access: 'public' as const, rateLimit };
  const forms = publicFormsServiceFactory({ db: app.db, formsRepo: publicFormsRepositoryFactory(app.db), callbackHooks });

  app.route({
    ...routeOf(publicFormsApi.watchmoms),
    config,
    handler: async (req, reply) => {
      const { id, created } = await forms.submitWatchmomsApplication(req.body, req.headers[IDEMPOTENCY_HEADER]);
      return reply.status(created ? 201 : 200).send({ id });
    },
  });

  app.route({
    ...routeOf(publicFormsApi.callbackRequests),
    config,
    handler: async (req, reply) => {
      const { id } = await forms.submitCallbackRequest(req.body, req.user?.id ?? null);
      return reply.status(201).send({ id });
    },
  });
};

export default publicFormsRoutes;
