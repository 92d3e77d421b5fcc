import type { FastifyRequest } from 'fastify';

import type { Endpoint, EndpointSchemas } from '#common/contracts/endpoint.ts';

type Pick_<S extends EndpointSchemas, K extends keyof EndpointSchemas> = S extends { [P in K]: infer T } ? T : undefined;

/** The Fastify schema of an endpoint (`query` is Fastify's `querystring`). */
export interface RouteSchema<S extends EndpointSchemas> {
  params: Pick_<S, 'params'>;
  querystring: Pick_<S, 'query'>;
  body: Pick_<S, 'body'>;
  headers: Pick_<S, 'headers'>;
  response: Pick_<S, 'response'>;
}

/**
 * What Fastify needs to register an endpoint defined in common/contracts (docs/decisions/083):
 * `app.route({ ...routeOf(contract.x), handler })`, with `config` or hooks beside it (the schema is
 * the definition's own: test/endpoints.test.ts). The request and reply are typed from the endpoint's
 * schemas (fastify-type-provider-zod).
 */
export function routeOf<M extends Endpoint['method'], P extends string, S extends EndpointSchemas>(ep: Endpoint<M, P, S>) {
  const s = ep.schemas as EndpointSchemas;
  // Only the parts the endpoint has: Fastify warns about a schema key given as undefined.
  const schema = Object.fromEntries(
    Object.entries({ params: s.params, querystring: s.query, body: s.body, headers: s.headers, response: s.response }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return { method: ep.method, url: ep.path, schema: schema as unknown as RouteSchema<S> };
}

/** The route a request matched, named as `routeKey` names an endpoint (`PUT /api/admin/users/:id/mentor`). */
export const routeKeyOf = (req: FastifyRequest) => `${req.method} ${req.routeOptions.url ?? ''}`;
