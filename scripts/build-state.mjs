// Whether the build in dist/ is there and as new as its sources (scripts/start.mjs, docs/decisions/070).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newestMtime(path.join(p, name))), st.mtimeMs);
}

/** Those of `outputs` (under `root`) missing or older than the newest file of `sources` (the sources walked once). */
export const staleOutputs = (root, outputs, sources) => {
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return outputs.filter((output) => {
    const out = path.join(root, output);
    return !existsSync(out) || statSync(out).mtimeMs < newest;
  });
};

/** Whether `output` (under `root`) is missing or older than the newest file of `sources`. */
export const isStale = (root, output, sources) => staleOutputs(root, [output], sources).length > 0;

// The client build also writes the landing page's renderer (dist/client-ssr, docs/decisions/057).
export const clientSources = ['client', 'common', 'vite.config.ts', 'scripts/vite-landing-renderer.ts', 'package-lock.json'];
export const clientOutputs = ['dist/client/index.html', 'dist/client-ssr/landing.js'];
export const serverSources = ['server', 'common', 'content', 'package-lock.json', 'scripts/build-server.mjs'];
export const serverOutput = 'dist/server/main.js';

/** What is wrong with the build for a start that does not build (`npm run serve`), or null. */
export function buildProblem(root) {
  const missing = [...clientOutputs, serverOutput].filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) return `The build is missing (${missing.join(', ')}). Run \`npm run build\` first, or \`npm start\`, which builds.`;
  const stale = [...staleOutputs(root, clientOutputs, clientSources), ...staleOutputs(root, [serverOutput], serverSources)];
  if (stale.length)
    return `The build is older than its sources (${stale.join(', ')}): the code changed since \`npm run build\`. Run \`npm run build\` again, then start.`;
  return null;
}
