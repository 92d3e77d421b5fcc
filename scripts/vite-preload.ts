import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for the given lazily loaded modules and the
 * chunks they import, so the browser fetches them alongside the entry instead of after the app
 * has started and asked the server who the user is (one round trip less before the first paint).
 */
export function preloadLazyModules(modules: string[]): Plugin {
  let root = '';
  return {
    name: 'preload-lazy-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === id);
          if (!chunk) throw new Error(`preload-lazy-modules: no chunk starts at ${module}`);
          add(chunk.fileName);
        }
        const links = [...files].filter((f) => !html.includes(`"/${f}"`)).map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`);
        return html.replace(/\n\s*<\/head>/, `\n${links.join('')}  </head>`);
      },
    },
  };
}
