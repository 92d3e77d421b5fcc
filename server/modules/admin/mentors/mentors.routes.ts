import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, mentoringPaths, setMentorBody } from '../../../../common/contracts/mentoring.ts';
import { requireAdmin } from '../../../plugins/session.ts';
import { setMentorByAdmin } from '../../mentoring/mentoring.service.ts';

/** An admin sets the mentor of someone who asks for one (registered inside the admin gate; the rule lives in the mentoring module). */
const mentorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(mentoringPaths.adminMentor, { schema: { params: idParams, body: setMentorBody } }, async (req, reply) => {
    await setMentorByAdmin(app.db, requireAdmin(req), req.params.id, req.body);
    return reply.status(204).send();
  });
};

export default mentorsRoutes;
