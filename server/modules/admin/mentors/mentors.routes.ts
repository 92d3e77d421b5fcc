import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { mentoringApi } from '#common/contracts/mentoring.ts';
import { routeOf } from '#server/lib/route.ts';
import { requireAdmin, requireRecentAuth } from '#server/plugins/session.ts';

import type { MentoringService } from '../../mentoring/mentoring.service.ts';

/** An admin sees and sets the mentor of someone who asks for one (registered inside the admin gate; the rule lives in the mentoring module). */
const mentorsRoutes: FastifyPluginAsyncZod<{ mentoring: MentoringService }> = async (app, { mentoring }) => {
  app.route({
    ...routeOf(mentoringApi.adminMentor),
    handler: async (req) => {
      requireAdmin(req);
      return mentoring.getMentorForAdmin(req.params.id);
    },
  });

  // Placing someone under a mentor opens their progress to that mentor: the password or a code typed
  // again within the last minutes, as for a role change (decision 038, issue 24).
  app.route({
    ...routeOf(mentoringApi.setAdminMentor),
    handler: async (req) => {
      const admin = requireAdmin(req);
      requireRecentAuth(req);
      return mentoring.setMentorByAdmin(admin, req.params.id, req.body);
    },
  });
};

export default mentorsRoutes;
