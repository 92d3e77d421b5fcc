import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { hideLinkTokens, LINK_TOKEN_PATHS } from '#common/contracts/link-token-paths.ts';
import { createTestApp } from '#test/app.ts';

import { newToken } from './lib/session.ts';

// A built client of one page is enough: client paths are answered with the app's shell and logged.
const clientDir = mkdtempSync(join(tmpdir(), 'link-token-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const lines: string[] = [];
const app = await createTestApp({ logLines: lines, env: { LOG_LEVEL: 'info' }, clientDir });

/** Every path pattern written in the client's source (route tables and <Route path="…">). */
function clientPathPatterns(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        for (const match of readFileSync(file, 'utf8').matchAll(/['"`](\/[\w/-]*:\w+[\w/:-]*)['"`]/g)) found.add(match[1]!);
    }
  };
  walk(join(import.meta.dirname, '../client/src'));
  return [...found];
}

const isTokenParam = (pattern: string) => /:\w*token\w*/i.test(pattern);

describe('the list of paths carrying a link token (issue 24, item 3)', () => {
  it('holds every server route with a :token parameter', () => {
    const routes = [...new Set(app.routes.map((r) => r.url))].filter(isTokenParam);
    // The app has such routes; an empty list would make this test pass for nothing.
    expect(routes.length).toBeGreaterThanOrEqual(3);
    expect(routes.filter((url) => !(LINK_TOKEN_PATHS as readonly string[]).includes(url))).toEqual([]);
  });

  it('holds every client page with a :token parameter', () => {
    const pages = clientPathPatterns().filter(isTokenParam);
    expect(pages).toEqual(expect.arrayContaining(['/reset-password/:token', '/setup/:token']));
    expect(pages.filter((path) => !(LINK_TOKEN_PATHS as readonly string[]).includes(path))).toEqual([]);
  });

  it('hides the token of each path, and of token-like segments anywhere', () => {
    const token = newToken();
    for (const pattern of LINK_TOKEN_PATHS) {
      expect(hideLinkTokens(pattern.replace(':token', token) + '?email=a@b.org')).toBe(pattern);
      // Another spelling of the same page.
      expect(hideLinkTokens('/' + pattern.replace(':token', 'short').toUpperCase())).not.toContain('SHORT');
    }
    expect(hideLinkTokens(`/somewhere/new/${token}`)).toBe('/somewhere/new/:hidden');
    expect(hideLinkTokens('/lesson/5f0c6f7e-1b9a-4c39-9d0e-2f6a1d3b8c7e')).toBe('/lesson/5f0c6f7e-1b9a-4c39-9d0e-2f6a1d3b8c7e');
  });
});

describe('the request log', () => {
  it('holds no link token of any listed path, page or API, GET or POST', async () => {
    const tokens: string[] = [];
    for (const pattern of LINK_TOKEN_PATHS) {
      // Short tokens too: only the list (not the token-like fallback) hides those.
      for (const token of [newToken(), `tok${tokens.length}x`]) {
        tokens.push(token);
        const url = pattern.replace(':token', token);
        await app.inject({ method: 'GET', url });
        await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: {} });
      }
    }
    // Each line is written once the answer is sent (onResponse).
    await new Promise((resolve) => setImmediate(resolve));
    const all = lines.join('');
    expect(all).toContain('/reset-password/:token');
    expect(tokens.filter((token) => all.includes(token))).toEqual([]);
  });
});
