import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

import { resolveImport } from '../scripts/subpath-imports.mjs';

/**
 * No circles between server modules (decision 080): a module may use another one, but never one
 * that uses it back, directly or through a chain. What two modules share lives in server/lib,
 * server/db or common/, or is passed in by server/app.ts (hooks, services).
 */

const MODULES = 'server/modules';

/** The files under `dir`, at any depth, whose name ends with `suffix`. */
const filesEndingWith = (dir: string, suffix: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesEndingWith(join(dir, e.name), suffix) : e.name.endsWith(suffix) ? [join(dir, e.name)] : [],
  );
const SPECIFIER = /(?:^|[^.\w])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The project paths a source file imports, relative or `#server/…` (static, re-exports, type-only and dynamic imports). */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!).filter((s) => s.startsWith('.') || s.startsWith('#'));
}

/** Module → module → the files (and their imports) that make the edge; test files are left out. */
function moduleGraph(root: string): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  for (const file of walk(join(root, MODULES))) {
    const from = relative(join(root, MODULES), file).split(sep)[0]!;
    for (const spec of specifiersOf(readFileSync(file, 'utf8'))) {
      const resolved = resolveImport(resolve(file), spec);
      if (!resolved) continue;
      const target = relative(join(root, MODULES), resolved);
      const to = target.split(sep)[0]!;
      if (target.startsWith('..') || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${relative(root, file)} → ${spec}`]);
    }
  }
  return graph;
}

/** Every circle, as the list of modules it passes through (one per strongly connected group, shortest found from its first member). */
function circlesOf(graph: Map<string, Iterable<string>>): string[][] {
  const next = (n: string) => [...(graph.get(n) ?? [])];
  const circles: string[][] = [];
  const seen = new Set<string>();
  for (const start of [...graph.keys()].sort()) {
    if (seen.has(start)) continue;
    // Breadth-first from start: the shortest way back to it, if any.
    const cameFrom = new Map<string, string>();
    const queue = next(start);
    for (const n of queue) cameFrom.set(n, start);
    let found = false;
    while (queue.length && !found) {
      const n = queue.shift()!;
      if (n === start) found = true;
      else
        for (const m of next(n)) {
          if (cameFrom.has(m)) continue;
          cameFrom.set(m, n);
          queue.push(m);
        }
    }
    if (!found) continue;
    const circle = [start];
    for (let n = cameFrom.get(start)!; n !== start; n = cameFrom.get(n)!) circle.unshift(n);
    circle.unshift(start);
    circle.forEach((n) => seen.add(n));
    circles.push(circle);
  }
  return circles;
}

describe('imports between server modules', () => {
  it('finds circles of any length, and none in a graph without one', () => {
    const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(circlesOf(g({ auth: ['account'], account: ['auth'] }))).toEqual([['account', 'auth', 'account']]);
    expect(circlesOf(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(circlesOf(g({ auth: ['mail', 'consent'], consent: ['mail'], prayer: ['mail'] }))).toEqual([]);
  });

  it('reads every kind of import a file can make', () => {
    const source = [
      "import { a } from '../auth/a.ts';",
      "import type { B } from '../mail/b.ts';",
      "import {\n  c,\n  d,\n} from '../consent/c.ts';",
      "export { e } from '../prayer/e.ts';",
      "import '../course/side-effect.ts';",
      "const f = () => import('../admin/f.ts');",
      "import { g } from '#server/modules/mail/g.ts';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual([
      '../auth/a.ts',
      '../mail/b.ts',
      '../consent/c.ts',
      '../prayer/e.ts',
      '../course/side-effect.ts',
      '../admin/f.ts',
      '#server/modules/mail/g.ts',
    ]);
  });

  it('make no circle: no module imports one that imports it back, directly or through others', () => {
    const graph = moduleGraph(process.cwd());
    expect(graph.size).toBeGreaterThan(3); // the scan sees the modules' imports
    const named = circlesOf(new Map([...graph].map(([m, edges]) => [m, [...edges.keys()]]))).map((circle) =>
      [circle.join(' → '), ...circle.slice(0, -1).map((m, i) => `  ${graph.get(m)!.get(circle[i + 1]!)![0]}`)].join('\n'),
    );
    expect(
      named,
      'Break the circle: move what both modules need to server/lib, server/db or common/, or pass it in from server/app.ts (decision 080).',
    ).toEqual([]);
  });
});

describe('server services', () => {
  /** What in a service's source is a database statement: SQL text, a query builder call, or a value imported from drizzle-orm or the schema (types are fine). */
  const statementsIn = (source: string) =>
    [
      ...source.matchAll(
        /\bsql`|\b(?:db|tx)\.(?:select|selectDistinct|insert|update|delete|execute)\b|^import \{[^}]*\} from '(?:drizzle-orm|(?:[./]*|#server\/)db\/schema\/index\.ts)'/gm,
      ),
    ].map((m) => m[0]);

  it('recognise a statement, and leave types and transactions alone', () => {
    expect(
      statementsIn(
        "await tx.insert(encouragements).values({});\nconst x = sql`now()`;\nimport { eq } from 'drizzle-orm';\nimport { users } from '#server/db/schema/index.ts';",
      ),
    ).toHaveLength(4);
    expect(
      statementsIn(
        "import type { Db } from '../../db/client.ts';\nimport type { users } from '../../db/schema/index.ts';\nawait db.transaction(async (tx) => repo.save(tx));",
      ),
    ).toEqual([]);
  });

  it('hold no SQL: their statements live in the module repository (decision 080)', () => {
    // At any depth: the admin console's services live in folders of their own (admin/accounts, …).
    const services = filesEndingWith(MODULES, '.service.ts');
    expect(services.length).toBeGreaterThan(10);
    const found = services.flatMap((file) => statementsIn(readFileSync(file, 'utf8')).map((s) => `${file}: ${s}`));
    expect(found).toEqual([]);
  });
});

describe('server repositories', () => {
  /** Repositories still written as exported functions (`import * as repo`), to become factories when next touched (decision 080). */
  const NOT_YET_FACTORIES = [
    'server/modules/course/challenge.repository.ts',
    'server/modules/course/course.repository.ts',
    'server/modules/course/track.repository.ts',
  ];

  it('are factories (decision 014 as amended by 080), but for the modules listed as not converted yet', () => {
    const repositories = filesEndingWith(MODULES, '.repository.ts').sort();
    expect(repositories.length).toBeGreaterThan(10);
    const functionStyle = repositories.filter((file) => /^export (?:async )?function /m.test(readFileSync(file, 'utf8')));
    // A new repository is a factory; a converted one leaves this list (and decision 080's).
    expect(functionStyle).toEqual(NOT_YET_FACTORIES);
  });
});
