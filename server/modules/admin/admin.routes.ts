import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdminRole } from '../../../common/contracts/auth.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { auditRepositoryFactory } from './audit/audit.repository.ts';
import { adminServicesFactory } from './admin.services.ts';
import applicationsRoutes from './applications/applications.routes.ts';
import auditRoutes from './audit/audit.routes.ts';
import callbacksRoutes from './callbacks/callbacks.routes.ts';
import directoryRoutes from './directory/directory.routes.ts';
import mentorsRoutes from './mentors/mentors.routes.ts';
import rolesRoutes from './roles/roles.routes.ts';
import watchmomsRoutes from './watchmoms/watchmoms.routes.ts';

/** The admin console's API, one module per area: admins and founders only (401 for visitors, 403 for everyone else). */
const adminRoutes: FastifyPluginAsyncZod<{ rateLimit: number }> = async (app, { rateLimit }) => {
  // Before the body is even parsed: a visitor or a non-admin learns nothing about what the endpoint accepts.
  // Registered here, the hook covers every area below (they are child plugins of this one).
  // A signed-in account refused here is audited (by id): probing the console is worth knowing about.
  const auditRepo = auditRepositoryFactory(app.db);
  app.addHook('onRequest', async (req) => {
    if (req.user && !isAdminRole(req.user.role))
      await auditRepo.insert({
        actorId: req.user.id, action: 'admin.refused', targetType: 'route', targetId: null,
        details: { method: req.method, route: req.routeOptions.url ?? '', role: req.user.role },
      });
    requireAdmin(req);
  });
  // Per admin account (after the gate, so req.user is an admin): a stolen admin session or a
  // runaway script cannot read the whole directory at full speed. Counted across instances.
  app.addHook('onRequest', app.rateLimit({ max: rateLimit, timeWindow: '1 minute', keyGenerator: (req) => `admin|${req.user!.id}` }));
  const services = adminServicesFactory(app.db);
  await app.register(directoryRoutes, { directory: services.directory });
  await app.register(rolesRoutes, { roles: services.roles });
  await app.register(callbacksRoutes, { callbacks: services.callbacks });
  await app.register(watchmomsRoutes, { watchmoms: services.watchmoms });
  await app.register(applicationsRoutes, { applications: services.applications });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(mentorsRoutes);
};

export default adminRoutes;
