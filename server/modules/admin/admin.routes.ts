import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/session.ts';
import { adminServicesFactory } from './admin.services.ts';
import applicationsRoutes from './applications/applications.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import callbacksRoutes from './callbacks/callbacks.routes.ts';
import directoryRoutes from './directory/directory.routes.ts';
import rolesRoutes from './roles/roles.routes.ts';
import watchmomsRoutes from './watchmoms/watchmoms.routes.ts';

/** The admin console's API, one module per area: admins and founders only (401 for visitors, 403 for everyone else). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is even parsed: a visitor or a non-admin learns nothing about what the endpoint accepts.
  // Registered here, the hook covers every area below (they are child plugins of this one).
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });
  const services = adminServicesFactory(app.db);
  await app.register(directoryRoutes, { directory: services.directory });
  await app.register(rolesRoutes, { roles: services.roles });
  await app.register(callbacksRoutes, { callbacks: services.callbacks });
  await app.register(watchmomsRoutes, { watchmoms: services.watchmoms });
  await app.register(applicationsRoutes, { applications: services.applications });
  await app.register(auditRoutes, { audit: services.audit });
};

export default adminRoutes;
