import type { z } from 'zod';

/**
 * One definition per endpoint (docs/decisions/083): its method, its path (Fastify's `:name` params),
 * and the zod schemas of its params, query, body, headers and answers. The server registers the
 * route from it (`server/lib/route.ts`), the client calls it (`client/src/lib/api.ts`: `call`, `urlOf`)
 * with the types the schemas give, and no path is written anywhere else.
 *
 * In the browser build the schemas are taken out of each `endpoint(…)` call
 * (`scripts/vite-endpoint-schemas.ts`): the client needs only the method and the path (and the
 * types, which the build does not need), so a screen that shows no form downloads no zod (decision 078).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** Status → the answer's schema (what the server serializes through, decision 020). */
  response?: Partial<Record<number, z.ZodType>>;
}

export interface Endpoint<M extends Method = Method, P extends string = string, S extends EndpointSchemas = EndpointSchemas> {
  readonly method: M;
  readonly path: P;
  /** Empty in the browser build (see above); the server's source of truth. */
  readonly schemas: S;
}

/** Defines an endpoint. Pure: an unused definition is dropped by the bundler with its schemas. */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const M extends Method, const P extends string, const S extends EndpointSchemas = Record<never, never>>(
  method: M,
  path: P,
  schemas?: S,
): Endpoint<M, P, S> {
  return { method, path, schemas: (schemas ?? {}) as S };
}

/** `METHOD /path/:param`: how a route is named in sets of routes (a guard's list, the server's registered routes). */
export const routeKey = (ep: Endpoint) => `${ep.method} ${ep.path}`;

/** The `:name` parameters of a path: `'/api/things/:thingId/parts'` → `'thingId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Input<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call passes: the path's params (from the schema, or strings named by the path), the query, the body, headers. */
export type CallArgs<E extends Endpoint> = (E['schemas'] extends { params: z.ZodType }
  ? { params: Input<E['schemas']['params']> }
  : [PathParamNames<E['path']>] extends [never]
    ? { params?: undefined }
    : { params: Record<PathParamNames<E['path']>, string> }) &
  (E['schemas'] extends { query: z.ZodType } ? { query?: Input<E['schemas']['query']> } : { query?: undefined }) &
  (E['schemas'] extends { body: z.ZodType } ? { body: Input<E['schemas']['body']> } : { body?: undefined }) & {
    headers?: Record<string, string>;
  };

type Success = 200 | 201 | 202 | 203 | 205 | 206;
/** The outputs of an answers map's 2xx schemas, as a union (`void` for a 204). */
type SuccessOf<R> =
  | { [K in Extract<keyof R, Success>]: R[K] extends z.ZodType ? z.output<R[K]> : never }[Extract<keyof R, Success>]
  | (204 extends keyof R ? void : never);

/**
 * The answer of a successful call: the union of the endpoint's 2xx answers (sign-in answers 200 with
 * the user or 202 when a second step is needed); `void` when it answers no JSON.
 */
export type ResponseOf<E extends Endpoint> = E['schemas'] extends { response: infer R }
  ? [SuccessOf<R>] extends [never]
    ? void
    : SuccessOf<R>
  : void;

/** True when a call needs no arguments (no params, query optional, no body). */
export type ArgsOptional<E extends Endpoint> = Record<never, never> extends CallArgs<E> ? true : false;

/**
 * The URL of a call: params put into the path (each encoded), the query's defined values appended
 * in the order given. Used by the client's `call` and by anything that links to an endpoint (a download, the first reads).
 */
export function urlOf<E extends Endpoint>(ep: E, args?: Pick<CallArgs<E>, 'params' | 'query'>): string {
  const params = (args?.params ?? {}) as Record<string, unknown>;
  const path = ep.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${ep.method} ${ep.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((args?.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
    else query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
