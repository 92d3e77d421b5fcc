import { afterEach, describe, expect, it, vi } from 'vitest';

import { endpoint } from '#common/contracts/endpoint.ts';

import { ApiRequestError, call, callOrNullOn401 } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: string, statusText = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

// Endpoints of no real route: the wrapper's behaviour, not a contract.
const read = endpoint('GET', '/api/things/:id');
const write = endpoint('POST', '/api/things');

describe('fetch wrapper', () => {
  it('turns a non-OK response into "status: body"', async () => {
    respond(400, '{"code":"VALIDATION_FAILED","message":"phone: too short"}');
    const err = await call(read, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as Error).message).toBe('400: {"code":"VALIDATION_FAILED","message":"phone: too short"}');
    expect((err as ApiRequestError).body.code).toBe('VALIDATION_FAILED');
  });

  it('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(call(read, { params: { id: 'x' } })).rejects.toThrow('503: Service Unavailable');
  });

  it('puts params (encoded) and the query into the URL, sends JSON with credentials, and a 401 can mean "nobody"', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await call(read, { params: { id: 'a/b c' }, query: { lang: 'fr', page: 2, skipped: undefined } } as never);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/things/a%2Fb%20c?lang=fr&page=2', expect.objectContaining({ method: 'GET' }));
    await call(write, { body: { a: 1 } } as never);
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/things',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }),
    );
    respond(401, 'no');
    expect(await callOrNullOn401(read, { params: { id: 'x' } })).toBeNull();
  });
});
