import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiRequestError, getJson, getJsonOrNullOn401, sendJson } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, body: string, statusText = '') =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );

describe('fetch wrapper', () => {
  it('turns a non-OK response into "status: body"', async () => {
    respond(400, '{"code":"VALIDATION_FAILED","message":"phone: too short"}');
    const err = await getJson('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as Error).message).toBe('400: {"code":"VALIDATION_FAILED","message":"phone: too short"}');
    expect((err as ApiRequestError).body.code).toBe('VALIDATION_FAILED');
  });

  it('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(getJson('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends JSON with credentials, and a 401 can mean "nobody"', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await sendJson('POST', '/api/y', { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/y',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }),
    );
    respond(401, 'no');
    expect(await getJsonOrNullOn401('/api/auth/user')).toBeNull();
  });
});
