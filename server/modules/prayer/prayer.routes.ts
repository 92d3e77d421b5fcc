import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  createPrayerCalendarBody,
  prayerCalendarLink,
  prayerDownloadQuery,
  prayerFeedParams,
  prayerPaths,
  prayerState,
  updatePrayerRemindersBody,
} from '#common/contracts/prayer.ts';

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

  app.get(prayerPaths.state, { schema: { querystring: z.strictObject({}), response: { 200: prayerState } } }, async (req) =>
    prayer.state(requireUser(req).id),
  );

  app.put(prayerPaths.reminders, { schema: { body: updatePrayerRemindersBody, response: { 200: prayerState } } }, async (req) =>
    prayer.saveReminders(requireUser(req).id, req.body),
  );

  app.post(prayerPaths.calendar, { schema: { body: createPrayerCalendarBody, response: { 200: prayerCalendarLink } } }, async (req) =>
    prayer.createCalendarLink(requireUser(req).id, req.body.timeZone),
  );

  app.delete(prayerPaths.calendar, { schema: { response: { 204: z.null() } } }, async (req, reply) => {
    await prayer.revokeCalendarLink(requireUser(req).id);
    return reply.status(204).send(null);
  });

  app.get(prayerPaths.download, { schema: { querystring: prayerDownloadQuery } }, async (req, reply) => {
    const user = requireUser(req);
    return ics(reply, await prayer.download(user, req.query.timeZone), 'prayer-rhythm.ics');
  });

  // Calendar apps poll a subscription every few hours; 30 a minute per address leaves room for a household behind one address.
  const publicCalendar = { access: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(prayerPaths.feed, { config: publicCalendar, schema: { params: prayerFeedParams } }, async (req, reply) =>
    ics(reply, await prayer.feed(req.params.token)),
  );

  app.get(
    prayerPaths.nights,
    { config: publicCalendar, schema: { querystring: z.strictObject({ lang: z.enum(['en', 'fr']).default('en') }) } },
    async (req, reply) => ics(reply, prayer.nightsCalendar(req.query.lang), 'prayer-nights.ics'),
  );
};

export default prayerRoutes;
