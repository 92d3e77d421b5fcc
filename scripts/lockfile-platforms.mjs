// Adds lockfile entries for native packages' other-platform binaries (@tailwindcss/oxide-*, @rollup/rollup-*),
// which this workplace's npm registry does not serve: `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lockfile as out of sync. The entries carry os/cpu (and libc),
// so npm never fetches them on Linux x64. Run after `npm install` changes the lockfile:
// node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** Packages whose optional dependencies are per-platform binaries, with the prefix before "<os>-<cpu>[-<libc>]". */
const nativeParents = { '@tailwindcss/oxide': '@tailwindcss/oxide-', rollup: '@rollup/rollup-' };
const libcOf = (rest) => (rest.startsWith('musl') ? 'musl' : rest.startsWith('gnu') ? 'glibc' : undefined);

let added = 0;
for (const [parentPath, parent] of Object.entries(packages)) {
  const name = Object.keys(nativeParents).find((n) => parentPath.endsWith(`node_modules/${n}`));
  if (!name) continue;
  for (const [dep, range] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] || packages[`${parentPath}/node_modules/${dep}`]) continue;
    const platform = dep.replace(nativeParents[name], '');
    const [os, cpu, ...rest] = platform === 'wasm32-wasi' ? [undefined, 'wasm32'] : platform.split('-');
    const libc = os === 'linux' ? libcOf(rest.join('-')) : undefined;
    packages[key] = {
      version: range,
      dev: true,
      license: 'MIT',
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [cpu],
      ...(libc ? { libc: [libc] } : {}),
      engines: { node: '>= 18' },
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
