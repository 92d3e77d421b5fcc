import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminPaths, auditList, auditListQuery } from '#common/contracts/admin.ts';

import type { AuditService } from './audit.service.ts';

/** The audit log (registered inside the admin gate). */
const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(adminPaths.audit, { schema: { querystring: auditListQuery, response: { 200: auditList } } }, async (req) => {
    const { page, ...filters } = req.query;
    return audit.getPage(page, filters);
  });
};

export default auditRoutes;
