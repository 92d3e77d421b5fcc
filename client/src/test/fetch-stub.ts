import { expect, vi } from 'vitest';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface StubRequest {
  method: Method;
  url: URL;
  /** The parsed JSON body, when there was one. */
  body: unknown;
  headers: Headers;
}

/** What a handler answers: JSON (status 200 unless told), or a ready Response. */
export type StubReply = Response | { status?: number; json?: unknown };
type Handler = (req: StubRequest) => StubReply | Promise<StubReply>;

/** JSON error in the server's `{ code, message }` shape. */
/** `extra`: more fields of the error body (e.g. `opensAt`). */
export const apiError = (status: number, code: string, message = code, extra: Record<string, unknown> = {}): StubReply => ({
  status,
  json: { code, message, ...extra },
});

// The translation files, served at /locales/ as the server serves client/public: the app's own i18n loads them.
const localeFiles = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', { eager: true, import: 'default' });
const staticFiles = new Map(Object.entries(localeFiles).map(([file, json]) => [file.replace(/^.*?\/public\//, '/'), json]));

let handlers = new Map<string, Handler>();
let requests: StubRequest[] = [];
let unhandled: string[] = [];

async function fetchStub(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
  const method = (init.method ?? 'GET').toUpperCase() as Method;
  if (method === 'GET' && staticFiles.has(url.pathname)) return Response.json(staticFiles.get(url.pathname));
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  const req: StubRequest = { method, url, body, headers: new Headers(init.headers) };
  requests.push(req);
  const handler = handlers.get(`${method} ${url.pathname}`);
  if (!handler) {
    unhandled.push(`${method} ${url.pathname}${url.search}`);
    return Response.json({ code: 'NOT_STUBBED', message: 'no handler in the test' }, { status: 501 });
  }
  const reply = await handler(req);
  if (reply instanceof Response) return reply;
  const status = reply.status ?? 200;
  return status === 204 ? new Response(null, { status }) : Response.json(reply.json ?? null, { status });
}

/** Installed once per test file by test/setup.ts, before the app's modules load. */
export function installFetchStub() {
  vi.stubGlobal('fetch', vi.fn(fetchStub));
}

/** Called after each test: forgets the handlers and fails the test if it made a request nobody answered. */
export function checkAndResetFetchStub() {
  const missed = unhandled;
  handlers = new Map();
  requests = [];
  unhandled = [];
  expect(missed, 'requests the test did not expect').toEqual([]);
}

/**
 * The API as a component test sees it: `fetch` answers from handlers keyed by method and path (the
 * query string is the handler's to read), with contract-shaped JSON from test/factories.ts. Every
 * request is recorded; one with no handler answers 501 and fails the test, so a screen cannot
 * quietly call something the test did not expect.
 */
export function stubApi() {
  const api = {
    /** Answers `method path` with `reply` (a value, or a function of the request). */
    on(method: Method, path: string, reply: StubReply | Handler) {
      handlers.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
      return api;
    },
    /** The requests made to `method path`, oldest first. */
    calls(method: Method, path: string) {
      return requests.filter((r) => r.method === method && r.url.pathname === path);
    },
  };
  return api;
}
