import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMentorView, idParams, mentoringPaths, setMentorBody } from '../../../../common/contracts/mentoring.ts';
import { requireAdmin } from '../../../plugins/session.ts';
import type { MentoringService } from '../../mentoring/mentoring.service.ts';

/** An admin sees and sets the mentor of someone who asks for one (registered inside the admin gate; the rule lives in the mentoring module). */
const mentorsRoutes: FastifyPluginAsyncZod<{ mentoring: MentoringService }> = async (app, { mentoring }) => {
  app.get(mentoringPaths.adminMentor, { schema: { params: idParams, response: { 200: adminMentorView } } }, async (req) => {
    requireAdmin(req);
    return mentoring.getMentorForAdmin(req.params.id);
  });

  app.put(mentoringPaths.adminMentor, { schema: { params: idParams, body: setMentorBody } }, async (req, reply) => {
    await mentoring.setMentorByAdmin(requireAdmin(req), req.params.id, req.body);
    return reply.status(204).send();
  });
};

export default mentorsRoutes;
