import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/modules.json` in the build: for each JavaScript chunk, the source modules in it
 * (paths relative to the project, e.g. `client/src/lib/api.ts`, `node_modules/zod/...`). The
 * end-to-end tests and bench/landing-bench.ts read it to tell what code a page downloaded.
 * The server does not serve dot-folders.
 */
export function moduleMap(): Plugin {
  let projectRoot = '';
  return {
    name: 'module-map',
    apply: 'build',
    configResolved(config) {
      projectRoot = path.resolve(config.root, '..');
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        map[chunk.fileName] = chunk.moduleIds.map((id) =>
          path.relative(projectRoot, id.replace(/^\0/, '').split('?')[0]!).split(path.sep).join('/'),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
