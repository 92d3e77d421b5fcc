import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mentorWeekApi } from '#common/contracts/mentor-week.ts';

import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { MentorWeekService } from './mentor-week.service.ts';

/** The "This week" panel of /disciple-tree and its "send encouragement". Signed-in users, about their own direct disciples. */
const mentorWeekRoutes: FastifyPluginAsyncZod<{ mentorWeek: MentorWeekService }> = async (app, { mentorWeek: service }) => {
  app.addHook('preValidation', async (req) => {
    requireUser(req);
  });

  app.route({ ...routeOf(mentorWeekApi.week), handler: async (req) => service.getWeek(requireUser(req)) });

  app.route({
    ...routeOf(mentorWeekApi.sendEncouragement),
    handler: async (req, reply) =>
      reply.status(201).send(await service.sendEncouragement(requireUser(req), req.params.id, req.body.message)),
  });
};

export default mentorWeekRoutes;
