import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { myDataApi } from '#common/contracts/my-data.ts';

import { routeOf } from '../../lib/route.ts';
import { clearSessionCookie } from '../../lib/session.ts';
import { requireRecentAuth, requireSession } from '../../plugins/session.ts';
import { myDataRepositoryFactory } from './my-data.repository.ts';
import { myDataServiceFactory, type CheckOwnPassword } from './my-data.service.ts';

interface Options {
  /** Attempts per minute per client at deleting an account (each one checks a password). */
  authRateLimit: number;
  /** The account's own password, counted like every step-up check (docs/decisions/064). */
  checkOwnPassword: CheckOwnPassword;
}

/** The signed-in person's own data: a download of all of it, and deleting the account. Only ever their own. */
const myDataRoutes: FastifyPluginAsyncZod<Options> = async (app, { authRateLimit, checkOwnPassword }) => {
  const myDataRepo = myDataRepositoryFactory(app.db);
  const myData = myDataServiceFactory({ db: app.db, myDataRepo, checkOwnPassword });

  app.route({
    ...routeOf(myDataApi.export),
    handler: async (req, reply) => {
      // Everything about the person in one file: the password or a code within the last minutes first (decision 038).
      const user = requireRecentAuth(req);
      const data = await myData.exportData(user);
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="god-discipleship-my-data-${date}.json"`)
        .header('Cache-Control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  });

  app.route({
    ...routeOf(myDataApi.deleteAccount),
    config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
    handler: async (req, reply) => {
      const { user, session } = requireSession(req);
      // The password is typed in the request; an OpenID-only account has none, and must have signed in (or re-authenticated) recently.
      await myData.deleteAccount({ user, body: req.body, session });
      // The account's sessions went with it: this process forgets them before answering.
      app.sessionCache.clear();
      clearSessionCookie(req, reply);
      return reply.status(204).send();
    },
  });
};

export default myDataRoutes;
