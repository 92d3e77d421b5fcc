import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { clientErrorsApi, loggableClientPath, scrubClientText } from '#common/contracts/client-errors.ts';

import { routeOf } from '../../lib/route.ts';

interface Options {
  /** Reports per minute per client address. */
  rateLimit: number;
}

/** Lines of a component stack the log keeps: where it broke, not the whole tree above it. */
const STACK_LINES = 8;

/**
 * A screen that broke in someone's browser (docs/decisions/069): one warn line an operator can act
 * on (which screen, which build, what was thrown), and nothing that tells who it was.
 */
const clientErrorsRoutes: FastifyPluginAsyncZod<Options> = async (app, { rateLimit }) => {
  app.route({
    ...routeOf(clientErrorsApi.report),
    config: { access: 'public', rateLimit: { max: rateLimit, timeWindow: '1 minute' } },
    handler: async (req, reply) => {
      const { kind, message, componentStack, path, build } = req.body;
      const stack = componentStack
        ?.split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, STACK_LINES)
        .join('\n');
      req.log.warn(
        {
          clientError: {
            kind,
            message: scrubClientText(message, 300),
            ...(stack ? { componentStack: scrubClientText(stack, 1000) } : {}),
            path: loggableClientPath(path),
            build,
          },
        },
        'client error',
      );
      return reply.status(204).send(null);
    },
  });
};

export default clientErrorsRoutes;
