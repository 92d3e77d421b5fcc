import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminPaths, idParams, watchmomsItem, watchmomsList, watchmomsListQuery, watchmomsUpdateBody } from '#common/contracts/admin.ts';

import { adminActor } from '../admin-actor.ts';
import type { WatchmomsService } from './watchmoms.service.ts';

/** WatchMoms applications for the team (registered inside the admin gate). */
const watchmomsRoutes: FastifyPluginAsyncZod<{ watchmoms: WatchmomsService }> = async (app, { watchmoms }) => {
  app.get(adminPaths.watchmoms, { schema: { querystring: watchmomsListQuery, response: { 200: watchmomsList } } }, async (req) =>
    watchmoms.getPage(req.query.status, req.query.page),
  );

  app.patch(
    '/api/admin/watchmoms-applications/:id',
    { schema: { params: idParams, body: watchmomsUpdateBody, response: { 200: watchmomsItem } } },
    async (req) => watchmoms.update({ actor: adminActor(req), id: req.params.id, body: req.body }),
  );
};

export default watchmomsRoutes;
