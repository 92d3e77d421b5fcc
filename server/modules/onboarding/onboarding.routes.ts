import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { onboardingApi } from '#common/contracts/onboarding.ts';

import type { UserHook } from '../../lib/account-events.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import { onboardingRepositoryFactory } from './onboarding.repository.ts';
import { onboardingServiceFactory } from './onboarding.service.ts';

interface Options {
  /** Run after a profile is completed (the list is filled by other modules, possibly after this plugin registers). */
  onboardingCompleted: readonly UserHook[];
  /** After a completed profile committed: the hooks may have written mail (to the mentor named), sent now rather than at the next poll. */
  afterCommit: () => void;
}

const onboardingRoutes: FastifyPluginAsyncZod<Options> = async (app, { onboardingCompleted, afterCommit }) => {
  // Visitors get a 401 before their body is even looked at.
  const onboarding = onboardingServiceFactory({ db: app.db, onboardingRepo: onboardingRepositoryFactory(app.db), onboardingCompleted });
  const signedIn = { preValidation: async (req: Parameters<typeof requireUser>[0]) => void requireUser(req) };

  app.route({
    ...routeOf(onboardingApi.complete),
    ...signedIn,
    handler: async (req) => {
      const completed = await onboarding.complete(requireUser(req), req.body);
      afterCommit();
      return toCurrentUser(completed);
    },
  });

  app.route({ ...routeOf(onboardingApi.profile), ...signedIn, handler: async (req) => onboarding.getProfile(requireUser(req)) });

  app.route({
    ...routeOf(onboardingApi.saveProfile),
    ...signedIn,
    handler: async (req) => {
      const saved = await onboarding.updateProfile(requireUser(req), req.body);
      // The signed-in user's name is shown everywhere: no process keeps the old one for a few seconds.
      app.sessionCache.clear();
      return saved;
    },
  });

  app.route({
    ...routeOf(onboardingApi.skip),
    ...signedIn,
    handler: async (req) => toCurrentUser(await onboarding.skip(requireUser(req))),
  });
};

export default onboardingRoutes;
