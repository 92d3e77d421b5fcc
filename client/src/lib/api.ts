import { urlOf, type ArgsOptional, type CallArgs, type Endpoint, type Method, type ResponseOf } from '#common/contracts/endpoint.ts';
import type { ApiError } from '#common/contracts/errors.ts';

import { reportOffline, reportOnline } from './connectivity.ts';
import { takeFirstResponse } from './first-requests.ts';

/** A non-OK response. `message` is "status: body" (or the status text when the body is empty). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's `{ code, message }` when the body had that shape. */
  readonly body: Partial<ApiError>;
  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.status = status;
    let body: Partial<ApiError> = {};
    try {
      body = JSON.parse(text) as Partial<ApiError>;
    } catch {
      // not JSON: keep the text only
    }
    this.body = body;
  }
}

async function throwIfNotOk(res: Response) {
  if (!res.ok) throw new ApiRequestError(res.status, (await res.text()) || res.statusText);
}

/** The one fetch wrapper: session cookie included, JSON bodies, errors as ApiRequestError. */
export async function apiRequest(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  let res: Response;
  try {
    // The first screen's reads may already be on their way (public/boot.js, docs/decisions/078).
    const early = method === 'GET' && body === undefined && Object.keys(headers).length === 0 ? takeFirstResponse(url) : undefined;
    res = await (early ??
      fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch (err) {
    // The server could not be reached (offline, or the network dropped the request).
    reportOffline();
    throw err;
  }
  // The service worker's copy of an earlier answer, given because the network failed.
  if (res.headers.get('X-Offline-Copy')) reportOffline();
  else reportOnline();
  await throwIfNotOk(res);
  return res;
}

/** A call's arguments: none when the endpoint needs none. */
export type CallParams<E extends Endpoint> = ArgsOptional<E> extends true ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/**
 * Calls an endpoint defined in common/contracts (docs/decisions/083): its method, its path with the
 * params put in, the query, the JSON body; the answer typed by the endpoint's response schema
 * (`undefined` for a 204). Errors as `apiRequest`'s.
 */
export async function call<E extends Endpoint>(ep: E, ...[args]: CallParams<E>): Promise<ResponseOf<E>> {
  const a = args as CallArgs<Endpoint> | undefined;
  const res = await apiRequest(ep.method, urlOf(ep, a), a?.body, a?.headers);
  return (res.status === 204 ? undefined : await res.json()) as ResponseOf<E>;
}

/** `call`, resolving to null on 401 instead of failing (the current user). */
export async function callOrNullOn401<E extends Endpoint>(ep: E, ...args: CallParams<E>): Promise<ResponseOf<E> | null> {
  try {
    return await call(ep, ...args);
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) return null;
    throw err;
  }
}
