import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminMentorView, idParams, mentoringPaths, setMentorBody, setMentorResult } from '#common/contracts/mentoring.ts';
import { requireAdmin, requireRecentAuth } from '#server/plugins/session.ts';

import type { MentoringService } from '../../mentoring/mentoring.service.ts';

/** An admin sees and sets the mentor of someone who asks for one (registered inside the admin gate; the rule lives in the mentoring module). */
const mentorsRoutes: FastifyPluginAsyncZod<{ mentoring: MentoringService }> = async (app, { mentoring }) => {
  app.get(mentoringPaths.adminMentor, { schema: { params: idParams, response: { 200: adminMentorView } } }, async (req) => {
    requireAdmin(req);
    return mentoring.getMentorForAdmin(req.params.id);
  });

  // Placing someone under a mentor opens their progress to that mentor: the password or a code typed
  // again within the last minutes, as for a role change (decision 038, issue 24).
  app.put(
    mentoringPaths.adminMentor,
    { schema: { params: idParams, body: setMentorBody, response: { 200: setMentorResult } } },
    async (req) => {
      const admin = requireAdmin(req);
      requireRecentAuth(req);
      return mentoring.setMentorByAdmin(admin, req.params.id, req.body);
    },
  );
};

export default mentorsRoutes;
