import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { trackApi } from '#common/contracts/track.ts';

import { routeOf } from '../../lib/route.ts';
import { requireUser } from '../../plugins/session.ts';
import type { TrackService } from './track.service.ts';

/**
 * The 7-day new-believer track (docs/decisions/074). Every route needs a signed-in user and names
 * no other user: the state and the writes are always the learner's own (an extra field is a 400).
 */
const trackRoutesPlugin: FastifyPluginAsyncZod<{ track: TrackService }> = async (app, { track }) => {
  app.route({
    ...routeOf(trackApi.content),
    handler: async (req, reply) => {
      requireUser(req);
      // JSON text serialized at start through the same contract (track.service.ts).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(track.contentJson(req.query.lang));
    },
  });

  app.route({ ...routeOf(trackApi.state), handler: async (req) => track.state(requireUser(req).id, req.query.today) });

  // A day done offline and sent again (or twice from two devices) is stored once.
  app.route({
    ...routeOf(trackApi.day),
    config: { keepsSessions: true },
    handler: async (req) => track.complete(requireUser(req).id, req.params.day, req.body),
  });

  app.route({
    ...routeOf(trackApi.skip),
    config: { keepsSessions: true },
    handler: async (req) => track.skip(requireUser(req).id, req.body.isSkipped),
  });
};

export default trackRoutesPlugin;
