import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildServer } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the project, so the bundles find their packages in node_modules; one folder per test process.
const outDir = path.join(root, 'node_modules/.cache/compiled-entries', String(process.pid));
process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
const builds = new Map<string, Promise<string>>();

/**
 * `entry` (a path from the project root, such as server/main.ts) compiled as production compiles the
 * server (scripts/build-server.mjs), once per test process; the path of the JavaScript file. A test
 * that runs the real server or command in a child process spawns `node` on it: a plain start,
 * instead of a TypeScript loader compiling every server file again in each child.
 */
export function compiled(entry: string): Promise<string> {
  let built = builds.get(entry);
  if (!built) {
    const outfile = path.join(outDir, `${entry.replace(/[\\/]/g, '-').replace(/\.ts$/, '')}.mjs`);
    built = buildServer({ entry: path.join(root, entry), outfile }).then(() => outfile);
    builds.set(entry, built);
  }
  return built;
}
