// The project's subpath imports (package.json "imports": `#client/*`, `#server/*`, `#common/*`, …),
// resolved the way Node, Vite, esbuild and TypeScript resolve them, for the checks that read import
// specifiers themselves (the client's feature boundaries lint rule, the server module boundaries test).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const imports = Object.entries(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {}).map(([key, target]) => [
  key.replace(/\*$/, ''),
  path.join(root, String(target).replace(/\*$/, '')),
]);

/** The absolute path a specifier of `fromFile` names, or null for a package. */
export function resolveImport(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [prefix, dir] of imports) if (specifier.startsWith(prefix)) return path.join(dir, specifier.slice(prefix.length));
  return null;
}
