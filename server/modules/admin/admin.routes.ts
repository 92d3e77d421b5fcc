import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaths, adminStats, applicationDecisionBody, applicationItem, applicationList, applicationListQuery, assigneeList, auditList, auditListQuery,
  callbackItem, callbackList, callbackListQuery, callbackUpdateBody, directoryPage, directoryQuery, exportQuery, idParams, roleChangeBody,
  roleChangeResult, watchmomsItem, watchmomsList, watchmomsListQuery, watchmomsUpdateBody,
} from '../../../common/contracts/admin.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { Actor } from './admin.service.ts';
import * as service from './admin.service.ts';

/** The admin console's API: admins and founders only (401 for visitors, 403 for everyone else). */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: a visitor or a non-admin learns nothing about what the endpoint accepts.
  app.addHook('preValidation', async (req) => {
    requireAdmin(req);
  });
  const actorOf = (req: Parameters<typeof requireAdmin>[0]): Actor & { kind: 'user' } => {
    const user = requireAdmin(req);
    return { kind: 'user', id: user.id, role: user.role };
  };

  app.get(adminPaths.stats, { schema: { response: { 200: adminStats } } }, async () => service.getStats(app.db));

  app.get(adminPaths.users, { schema: { querystring: directoryQuery, response: { 200: directoryPage } } }, async (req) => service.getDirectory(app.db, req.query));

  app.get(adminPaths.usersExport, { schema: { querystring: exportQuery } }, async (req, reply) => {
    const stream = await service.exportDirectory(app.db, actorOf(req), req.query);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="user-directory-${date}.csv"`)
      .send(stream);
  });

  app.put('/api/admin/users/:id/role', { schema: { params: idParams, body: roleChangeBody, response: { 200: roleChangeResult } } }, async (req) =>
    service.changeRole(app.db, actorOf(req), req.params.id, req.body.role),
  );

  app.get(adminPaths.callbacks, { schema: { querystring: callbackListQuery, response: { 200: callbackList } } }, async (req) =>
    service.getCallbacks(app.db, req.query.status, req.query.page),
  );

  app.patch('/api/admin/callbacks/:id', { schema: { params: idParams, body: callbackUpdateBody, response: { 200: callbackItem } } }, async (req) =>
    service.updateCallback(app.db, actorOf(req), req.params.id, req.body),
  );

  app.get(adminPaths.assignees, { schema: { response: { 200: assigneeList } } }, async () => service.getAssignees(app.db));

  app.get(adminPaths.watchmoms, { schema: { querystring: watchmomsListQuery, response: { 200: watchmomsList } } }, async (req) =>
    service.getWatchmoms(app.db, req.query.status, req.query.page),
  );

  app.patch('/api/admin/watchmoms-applications/:id', { schema: { params: idParams, body: watchmomsUpdateBody, response: { 200: watchmomsItem } } }, async (req) =>
    service.updateWatchmoms(app.db, actorOf(req), req.params.id, req.body),
  );

  app.get(adminPaths.applications, { schema: { querystring: applicationListQuery, response: { 200: applicationList } } }, async (req) =>
    service.getApplications(app.db, req.query.status, req.query.page),
  );

  app.post('/api/admin/ambassador-applications/:id/decision', { schema: { params: idParams, body: applicationDecisionBody, response: { 200: applicationItem } } }, async (req) =>
    service.decideApplication(app.db, actorOf(req), req.params.id, req.body.decision),
  );

  app.get(adminPaths.audit, { schema: { querystring: auditListQuery, response: { 200: auditList } } }, async (req) => service.getAuditLog(app.db, req.query.page));
};

export default adminRoutes;
