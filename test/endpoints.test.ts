import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

import { routeKey, type Endpoint } from '#common/contracts/endpoint.ts';

import { createTestApp } from './app.ts';

/**
 * One definition per endpoint (docs/decisions/083): every API route the server registers is an
 * `endpoint(…)` of common/contracts, each path is written in one contract file only, and no other
 * source file (client, server, scripts, the browser's boot script) writes an endpoint's path: they
 * use the definition (`routeOf`, `call`, `urlOf`, `.path`). Tests and benches are left out on
 * purpose: they address the API from outside, as any client would, and a literal path there fails
 * when a path changes by accident.
 */

const root = process.cwd();
const CONTRACTS = 'common/contracts';

const walk = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('client/src/test/');

const isEndpoint = (v: unknown): v is Endpoint =>
  !!v && typeof v === 'object' && typeof (v as Endpoint).method === 'string' && typeof (v as Endpoint).path === 'string' && 'schemas' in v;

/** Every endpoint the contracts export, directly or in an object of endpoints, with the file defining it. */
async function contractEndpoints() {
  const found: { file: string; ep: Endpoint }[] = [];
  for (const file of walk(CONTRACTS).filter((f) => f.endsWith('.ts') && !isTest(f))) {
    const mod = (await import(join(root, file))) as Record<string, unknown>;
    const seen = new Set<Endpoint>();
    for (const value of Object.values(mod)) {
      const candidates = isEndpoint(value) ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
      for (const ep of candidates)
        if (isEndpoint(ep) && !seen.has(ep)) {
          seen.add(ep);
          found.push({ file, ep });
        }
    }
  }
  return found;
}

/** The API paths written in a source: string and template literals starting `/api/`, `${…}` and `{…}` read as a param, the query left out. */
function apiPathsIn(source: string): { line: number; path: string }[] {
  return [...source.matchAll(/(['"`])(\/api\/(?:\$\{[^}]*\}|[^'"`\s?#])*)/g)].map((m) => ({
    line: source.slice(0, m.index).split('\n').length,
    path: m[2]!.replace(/\$\{[^}]*\}|\{[^}]*\}/g, ':p'),
  }));
}

/** Whether a written path names the endpoint's path (any value, or a `:name`, in a param's place). */
const names = (ep: Endpoint) => {
  const re = new RegExp(`^${ep.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
  return (written: string) => re.test(written);
};

describe('endpoints', () => {
  it('reads the paths a source writes', () => {
    expect(
      apiPathsIn("get('/api/auth/user'); x = `/api/lessons/${lesson.id}?lang=${l}`; '/api/courses/{course}/lessons?lang={lng}'"),
    ).toEqual([
      { line: 1, path: '/api/auth/user' },
      { line: 1, path: '/api/lessons/:p' },
      { line: 1, path: '/api/courses/:p/lessons' },
    ]);
    expect(names({ method: 'GET', path: '/api/lessons/:id', schemas: {} })('/api/lessons/:p')).toBe(true);
    expect(names({ method: 'GET', path: '/api/lessons/:id', schemas: {} })('/api/lessons/:p/assessment')).toBe(false);
  });

  it('are each defined once, in one contract file, and are exactly the routes the server registers', async () => {
    const defined = await contractEndpoints();
    const keys = defined.map(({ ep }) => routeKey(ep));
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      'an endpoint defined twice',
    ).toEqual([]);

    // The same path string in two contract files (a GET and a POST of one path sit in one file).
    const contractSources = walk(CONTRACTS)
      .filter((f) => f.endsWith('.ts') && !isTest(f))
      .map((f) => [f, readFileSync(join(root, f), 'utf8')] as const);
    const inSeveral = [...new Set(defined.map(({ ep }) => ep.path))].flatMap((path) => {
      const files = contractSources.filter(([, s]) => s.includes(`'${path}'`)).map(([f]) => f);
      return files.length > 1 ? [`${path}: ${files.join(', ')}`] : [];
    });
    expect(inSeveral).toEqual([]);

    const app = await createTestApp();
    const registered = app.routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((r) => !keys.includes(r)).sort(), 'routes registered without an endpoint in common/contracts').toEqual([]);
    expect(keys.filter((k) => !registered.includes(k)).sort(), 'endpoints no route serves').toEqual([]);

    // Each route validates and answers with its definition's own schemas (routeOf), not a copy written beside it.
    const byKey = new Map(defined.map(({ ep }) => [routeKey(ep), ep]));
    const parts = [
      ['params', 'params'],
      ['querystring', 'query'],
      ['body', 'body'],
      ['headers', 'headers'],
      ['response', 'response'],
    ] as const;
    const drifted = app.routes
      .filter((r) => byKey.has(`${r.method} ${r.url}`))
      .flatMap((r) => {
        const ep = byKey.get(`${r.method} ${r.url}`)!;
        return parts.flatMap(([fastify, ours]) => {
          const given = r.schema[fastify];
          const defined = ep.schemas[ours];
          // `response` objects are rebuilt by Fastify's route options; their schemas must be the definition's.
          const same =
            fastify === 'response'
              ? Object.keys({ ...(given ?? {}), ...(defined ?? {}) }).every(
                  (status) =>
                    (given as Record<string, unknown> | undefined)?.[status] === (defined as Record<string, unknown> | undefined)?.[status],
                )
              : given === defined;
          return same ? [] : [`${r.method} ${r.url}: ${fastify}`];
        });
      });
    expect(drifted, 'routes whose schema is not their endpoint definition').toEqual([]);
  });

  it('have their path written nowhere else: client, server, scripts and the boot script use the definition', async () => {
    const endpoints = (await contractEndpoints()).map(({ ep }) => ep);
    const matchers = endpoints.map((ep) => ({ ep, matches: names(ep) }));
    const sources = ['client/src', 'client/public', 'server', 'scripts']
      .flatMap(walk)
      .filter((f) => /\.(ts|tsx|js|mjs|html)$/.test(f) && !isTest(f) && !f.includes('/locales/'));
    expect(sources.length).toBeGreaterThan(200);
    const written = sources.flatMap((file) =>
      apiPathsIn(readFileSync(join(root, file), 'utf8')).flatMap(({ line, path }) => {
        const hit = matchers.find((m) => m.matches(path));
        return hit ? [`${relative(root, join(root, file))}:${line} writes ${path} (${hit.ep.method} ${hit.ep.path})`] : [];
      }),
    );
    expect(written).toEqual([]);
  });
});
