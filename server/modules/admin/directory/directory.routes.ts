import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { DirectoryService } from './directory.service.ts';

/** The user directory, its stat cards and its CSV export (registered inside the admin gate). */
const directoryRoutes: FastifyPluginAsyncZod<{ directory: DirectoryService }> = async (app, { directory }) => {
  app.route({ ...routeOf(adminApi.stats), handler: async () => directory.getStats() });

  app.route({ ...routeOf(adminApi.users), handler: async (req) => directory.getPage(req.query) });

  app.route({
    ...routeOf(adminApi.usersExport),
    handler: async (req, reply) => {
      // Everyone's contacts in one file: the password or a code typed again within the last minutes (decision 038).
      requireRecentAuth(req);
      const stream = await directory.exportCsv({ actor: adminActor(req), ...req.query });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="user-directory-${date}.csv"`)
        .send(stream);
    },
  });
};

export default directoryRoutes;
