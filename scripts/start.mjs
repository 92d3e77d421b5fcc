// `npm start`: builds the client and the server when they are missing or older than their sources,
// then runs the compiled server (dist/server/main.js) in this same process, so Ctrl-C and SIGTERM
// reach its clean shutdown.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), st.mtimeMs);
}
const isStale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map(newestMtime));

// The client build also writes the landing page's renderer (dist/client-ssr, docs/decisions/057).
const clientSources = ['client', 'common', 'vite.config.ts', 'scripts/vite-landing-renderer.ts', 'package-lock.json'];
if (isStale('dist/client/index.html', clientSources) || isStale('dist/client-ssr/landing.js', clientSources)) {
  console.log('Building the client...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serverOut = path.join(root, 'dist/server/main.js');
if (isStale(serverOut, ['server', 'common', 'content', 'package-lock.json', 'scripts/build-server.mjs'])) {
  console.log('Building the server...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

// Stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverOut).href);
