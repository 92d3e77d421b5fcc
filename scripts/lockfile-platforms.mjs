// Adds lockfile entries for @tailwindcss/oxide's other-platform binaries, which this workplace's
// npm registry does not serve: `npm install` then leaves them out of package-lock.json and
// `npm ci` refuses the lockfile as out of sync. The entries carry os/cpu, so npm never fetches
// them on Linux x64. Run after `npm install` changes the lockfile: node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const oxide = packages['node_modules/@tailwindcss/oxide'];
let added = 0;
for (const [name, range] of Object.entries(oxide?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (packages[key]) continue;
  const platform = name.replace('@tailwindcss/oxide-', '');
  const [os, cpu] = platform === 'wasm32-wasi' ? [undefined, 'wasm32'] : platform.split('-');
  packages[key] = { version: range, dev: true, license: 'MIT', optional: true, ...(os ? { os: [os] } : {}), cpu: [cpu], engines: { node: '>= 20' } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
