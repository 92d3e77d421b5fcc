import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminPaths, adminStats, directoryPage, directoryQuery, exportQuery } from '#common/contracts/admin.ts';
import { requireRecentAuth } from '#server/plugins/session.ts';

import { adminActor } from '../admin-actor.ts';
import type { DirectoryService } from './directory.service.ts';

/** The user directory, its stat cards and its CSV export (registered inside the admin gate). */
const directoryRoutes: FastifyPluginAsyncZod<{ directory: DirectoryService }> = async (app, { directory }) => {
  app.get(adminPaths.stats, { schema: { response: { 200: adminStats } } }, async () => directory.getStats());

  app.get(adminPaths.users, { schema: { querystring: directoryQuery, response: { 200: directoryPage } } }, async (req) =>
    directory.getPage(req.query),
  );

  app.get(adminPaths.usersExport, { schema: { querystring: exportQuery } }, async (req, reply) => {
    // Everyone's contacts in one file: the password or a code typed again within the last minutes (decision 038).
    requireRecentAuth(req);
    const stream = await directory.exportCsv({ actor: adminActor(req), ...req.query });
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="user-directory-${date}.csv"`)
      .send(stream);
  });
};

export default directoryRoutes;
