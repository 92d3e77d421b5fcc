import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
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
  /**
   * What keeps a repository from being a factory (decision 014 as amended by 080): an exported
   * function of its own (declared or arrow, used as `import * as repo`), or no `xxxRepositoryFactory`
   * named after the file (`mentor-week.repository.ts`: `mentorWeekRepositoryFactory`).
   */
  const factoryProblems = (file: string, source: string): string[] => {
    const factory = `${basename(file, '.repository.ts').replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}RepositoryFactory`;
    const problems = [...source.matchAll(/^export (?:async )?function (\w+)|^export const (\w+) = (?:async )?(?:\([^)]*\)|\w+)\s*=>/gm)]
      .map((m) => (m[1] ?? m[2])!)
      .filter((name) => name !== factory)
      .map((name) => `${file}: exports the function ${name}`);
    if (!new RegExp(`^export const ${factory} = `, 'm').test(source)) problems.push(`${file}: has no ${factory}`);
    return problems;
  };

  it('recognise a function-style repository, and leave a factory alone', () => {
    expect(
      factoryProblems(
        'm/second-factor-throttle.repository.ts',
        'export type Row = { id: string };\nexport const secondFactorThrottleRepositoryFactory = (db: Db) => ({\n  async count(tx: Tx = db) {},\n});',
      ),
    ).toEqual([]);
    expect(
      factoryProblems(
        'm/course.repository.ts',
        'export async function listDays(db: Db) {}\nexport const courseRepositoryFactory = (db: Db) => ({});',
      ),
    ).toEqual(['m/course.repository.ts: exports the function listDays']);
    expect(factoryProblems('m/track.repository.ts', 'export const loadTrack = async (db: Db) => db;')).toEqual([
      'm/track.repository.ts: exports the function loadTrack',
      'm/track.repository.ts: has no trackRepositoryFactory',
    ]);
  });

  it('are all factories (decision 014 as amended by 080): `xxxRepositoryFactory(db)` and no function of their own', () => {
    const repositories = filesEndingWith(MODULES, '.repository.ts').sort();
    expect(repositories.length).toBeGreaterThan(20);
    const found = repositories.flatMap((file) => factoryProblems(file, readFileSync(file, 'utf8')));
    expect(
      found,
      'Write it as `xxxRepositoryFactory(db)` returning its query functions, the transaction last, and pass it to the service (decision 080).',
    ).toEqual([]);
  });

  it("are never imported as a namespace (`import * as repo`): the service receives the factory's repository", () => {
    const sources = ['server', 'test', 'bench'].flatMap((dir) => filesEndingWith(dir, '.ts'));
    expect(sources.length).toBeGreaterThan(50);
    const found = sources.filter((file) => /^import \* as \w+ from '[^']*\.repository\.ts'/m.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
