// `npm start`: builds the client and the server when they are missing or older than their sources,
// then runs the compiled server (dist/server/main.js) in this same process, so Ctrl-C and SIGTERM
// reach its clean shutdown.
// `npm run serve` (`node scripts/start.mjs --no-build`): never builds, for deployments that ran
// `npm run build` beforehand (docs/decisions/070). A missing or out-of-date build stops the start
// with a message instead, so a restart takes no build's time and never runs old code against newer
// migrations.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { buildProblem, clientOutputs, clientSources, isStale, serverOutput, serverSources, staleOutputs } from './build-state.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// node:util parseArgs: a mistyped option (`--nobuild`) stops with a message instead of building.
let options;
try {
  options = parseArgs({ options: { 'no-build': { type: 'boolean' } } }).values;
} catch (err) {
  console.error(`${err.message}\nUsage: node scripts/start.mjs [--no-build]`);
  process.exit(2);
}

if (options['no-build']) {
  const problem = buildProblem(root);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
} else {
  if (staleOutputs(root, clientOutputs, clientSources).length > 0) {
    console.log('Building the client...');
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  if (isStale(root, serverOutput, serverSources)) {
    console.log('Building the server...');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
}

// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, serverOutput)).href);
