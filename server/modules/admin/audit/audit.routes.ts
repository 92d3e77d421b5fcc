import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { adminApi } from '#common/contracts/admin.ts';
import { routeOf } from '#server/lib/route.ts';

import type { AuditService } from './audit.service.ts';

/** The audit log (registered inside the admin gate). */
const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.route({
    ...routeOf(adminApi.audit),
    handler: async (req) => {
      const { page, ...filters } = req.query;
      return audit.getPage(page, filters);
    },
  });
};

export default auditRoutes;
