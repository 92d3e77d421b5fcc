import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  careReport,
  funnelQuery,
  funnelReport,
  growthReport,
  insightsPaths,
  insightsQuery,
  multiplicationReport,
} from '#common/contracts/insights.ts';

import { adminActor, callbackStaffActor } from '../admin-actor.ts';
import type { InsightsService } from './insights.service.ts';

/**
 * The Insights tab (registered inside the admin gate, decision 076): the funnel, growth and
 * multiplication charts for admins and founders; the care charts for them and for responders (the
 * figures of the inbox they work). Counts only, and none below 5.
 */
const insightsRoutes: FastifyPluginAsyncZod<{ insights: InsightsService }> = async (app, { insights }) => {
  app.get(insightsPaths.funnel, { schema: { querystring: funnelQuery, response: { 200: funnelReport } } }, async (req) => {
    adminActor(req);
    const { course, ...filters } = req.query;
    return insights.getFunnel(filters, course);
  });
  app.get(insightsPaths.growth, { schema: { querystring: insightsQuery, response: { 200: growthReport } } }, async (req) => {
    adminActor(req);
    return insights.getGrowth(req.query);
  });
  app.get(
    insightsPaths.multiplication,
    { schema: { querystring: insightsQuery, response: { 200: multiplicationReport } } },
    async (req) => {
      adminActor(req);
      return insights.getMultiplication(req.query);
    },
  );
  app.get(insightsPaths.care, { schema: { querystring: insightsQuery, response: { 200: careReport } } }, async (req) => {
    callbackStaffActor(req);
    return insights.getCare(req.query);
  });
};

export default insightsRoutes;
