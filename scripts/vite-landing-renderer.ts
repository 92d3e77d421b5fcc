import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { landingRendererFile } from '../server/lib/landing-renderer-path.ts';


const ISLAND = 'src/features/landing/static/watchmoms-island.tsx';

/**
 * Writes the built address of the WatchMoms application's script (an entry of its own) into the
 * landing page's template (its `watchmoms-island` meta tag), then compiles
 * features/landing/static/render.tsx (the landing page rendered to HTML, docs/decisions/057)
 * for Node beside the client build: `dist/client` gets `dist/client-ssr/landing.js`. Packages stay
 * in node_modules, as for the server (scripts/build-server.mjs).
 */
export function landingRenderer(): Plugin {
  let root = '';
  let outDir = '';
  let island = '';
  return {
    name: 'landing-renderer',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === path.resolve(root, ISLAND));
      if (!chunk) throw new Error(`landing-renderer: no chunk starts at ${ISLAND}`);
      island = `/${chunk.fileName}`;
    },
    // Before precompress (closeBundle) copies the page.
    async writeBundle() {
      const file = path.join(outDir, 'landing.html');
      const page = await readFile(file, 'utf8');
      if (!page.includes(`content="/${ISLAND}"`)) throw new Error(`landing-renderer: landing.html has no meta tag for /${ISLAND}`);
      await writeFile(file, page.replace(`content="/${ISLAND}"`, `content="${island}"`));
    },
    async closeBundle() {
      await buildLandingRenderer(path.join(root, 'src/features/landing/static/render.tsx'), landingRendererFile(outDir));
    },
  };
}

/** Compiles the renderer (`entry`: render.tsx) into `outfile`; the server's tests compile it the same way. */
export async function buildLandingRenderer(entry: string, outfile: string) {
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20.19', jsx: 'automatic', packages: 'external', logLevel: 'warning' });
}
