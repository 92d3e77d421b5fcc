import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { prayerApi } from '#common/contracts/prayer.ts';

import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { PrayerService } from './prayer.service.ts';

/**
 * The Pray page's settings (signed in), the calendar as a file, the private subscription feed (no
 * session: its secret is the credential) and the public prayer-nights calendar (docs/decisions/075).
 */
const prayerRoutes: FastifyPluginAsyncZod<{ prayer: PrayerService }> = async (app, { prayer }) => {
  /** A calendar answer (never cached: API answers are no-store, so a revoked link stops at once). */
  const ics = (reply: FastifyReply, body: string, filename?: string) => {
    reply.type('text/calendar; charset=utf-8');
    if (filename) reply.header('content-disposition', `attachment; filename="${filename}"`);
    return reply.send(body);
  };

  app.route({ ...routeOf(prayerApi.state), handler: async (req) => prayer.state(requireUser(req).id) });

  app.route({ ...routeOf(prayerApi.saveReminders), handler: async (req) => prayer.saveReminders(requireUser(req).id, req.body) });

  app.route({
    ...routeOf(prayerApi.createCalendar),
    handler: async (req) => prayer.createCalendarLink(requireUser(req).id, req.body.timeZone),
  });

  app.route({
    ...routeOf(prayerApi.revokeCalendar),
    handler: async (req, reply) => {
      await prayer.revokeCalendarLink(requireUser(req).id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...routeOf(prayerApi.download),
    handler: async (req, reply) => {
      const user = requireUser(req);
      return ics(reply, await prayer.download(user, req.query.timeZone), 'prayer-rhythm.ics');
    },
  });

  // Calendar apps poll a subscription every few hours; 30 a minute per address leaves room for a household behind one address.
  const publicCalendar = { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.route({
    ...routeOf(prayerApi.feed),
    config: publicCalendar,
    handler: async (req, reply) => ics(reply, await prayer.feed(req.params.token)),
  });

  app.route({
    ...routeOf(prayerApi.nights),
    config: publicCalendar,
    handler: async (req, reply) => ics(reply, prayer.nightsCalendar(req.query.lang), 'prayer-nights.ics'),
  });
};

export default prayerRoutes;
