import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

import { landingRendererFile, signedInRendererFile } from '#server/lib/landing-renderer-path.ts';

import { nodeBundle } from './build-server.mjs';
import { appEntryChunk } from './vite-first-screens.ts';

const ENTRY = 'src/main.tsx';

/**
 * Writes the built address of the app's entry script into the landing page's template (its
 * `app-entry` meta tag: the page loads it for the WatchMoms application), then compiles
 * app/prerender.tsx (the landing page rendered to HTML, docs/decisions/057)
 * for Node beside the client build: `dist/client` gets `dist/client-ssr/landing.js`.
 */
export function landingRenderer(): Plugin {
  let root = '';
  let outDir = '';
  let entry = '';
  return {
    name: 'landing-renderer',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      entry = `/${appEntryChunk(bundle, root).fileName}`;
    },
    // Before precompress (closeBundle) copies the page.
    async writeBundle() {
      const file = path.join(outDir, 'landing.html');
      const page = await readFile(file, 'utf8');
      if (!page.includes(`content="/${ENTRY}"`)) throw new Error(`landing-renderer: landing.html has no meta tag for /${ENTRY}`);
      await writeFile(file, page.replace(`content="/${ENTRY}"`, `content="${entry}"`));
    },
    async closeBundle() {
      await Promise.all([
        buildLandingRenderer(path.join(root, 'src/app/prerender.tsx'), landingRendererFile(outDir)),
        // The signed-in first screens, rendered per request (docs/decisions/084).
        buildLandingRenderer(path.join(root, 'src/app/render-signed-in.tsx'), signedInRendererFile(outDir)),
      ]);
    },
  };
}

/**
 * Compiles the renderer (`entry`: app/prerender.tsx) into `outfile`, packages included (React's
 * production build), so it runs wherever the build is put; the server's tests compile it the same way.
 */
export async function buildLandingRenderer(entry: string, outfile: string) {
  await build({
    // An asset imported for its address (`?url`: the certificate's fonts) is never fetched on the
    // server: its address is left empty.
    plugins: [
      {
        name: 'asset-urls',
        setup(b) {
          b.onResolve({ filter: /\?url$/ }, (args) => ({ path: args.path, namespace: 'asset-url' }));
          b.onLoad({ filter: /.*/, namespace: 'asset-url' }, () => ({ contents: 'export default ""', loader: 'js' }));
        },
      },
    ],
    ...nodeBundle,
    entryPoints: [entry],
    outfile,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // React's CommonJS modules require Node's own modules: give the ES module a `require`.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}
