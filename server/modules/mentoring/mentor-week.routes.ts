import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { discipleIdParams, encouragementSent, mentorWeek, mentorWeekPaths, sendEncouragementBody } from '#common/contracts/mentor-week.ts';

import { requireUser } from '../../plugins/session.ts';
import type { MentorWeekService } from './mentor-week.service.ts';

/** The "This week" panel of /disciple-tree and its "send encouragement". Signed-in users, about their own direct disciples. */
const mentorWeekRoutes: FastifyPluginAsyncZod<{ mentorWeek: MentorWeekService }> = async (app, { mentorWeek: service }) => {
  app.addHook('preValidation', async (req) => {
    requireUser(req);
  });

  app.get(mentorWeekPaths.week, { schema: { response: { 200: mentorWeek } } }, async (req) => service.getWeek(requireUser(req)));

  app.post(
    mentorWeekPaths.encouragements,
    { schema: { params: discipleIdParams, body: sendEncouragementBody, response: { 201: encouragementSent } } },
    async (req, reply) => reply.status(201).send(await service.sendEncouragement(requireUser(req), req.params.id, req.body.message)),
  );
};

export default mentorWeekRoutes;
