import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { insightsApi } from '#common/contracts/insights.ts';
import { routeOf } from '#server/lib/route.ts';

import { adminActor, callbackStaffActor } from '../admin-actor.ts';
import type { InsightsService } from './insights.service.ts';

/**
 * The Insights tab (registered inside the admin gate, decision 076): the funnel, growth and
 * multiplication charts for admins and founders; the care charts for them and for responders (the
 * figures of the inbox they work). Counts only, and none below 5.
 */
const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  app.route({
    ...routeOf(insightsApi.funnel),
    handler: async (req) => {
      adminActor(req);
      const { course, ...filters } = req.query;
      return insights.getFunnel(filters, course);
    },
  });
  app.route({
    ...routeOf(insightsApi.growth),
    handler: async (req) => {
      adminActor(req);
      return insights.getGrowth(req.query);
    },
  });
  app.route({
    ...routeOf(insightsApi.multiplication),
    handler: async (req) => {
      adminActor(req);
      return insights.getMultiplication(req.query);
    },
  });
  app.route({
    ...routeOf(insightsApi.care),
    handler: async (req) => {
      callbackStaffActor(req);
      return insights.getCare(req.query);
    },
  });
};

export default insightsRoutes;
