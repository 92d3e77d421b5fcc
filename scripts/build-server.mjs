// Compiles the server (server/main.ts and everything it imports from server/, common/ and content/)
// into one JavaScript file, dist/server/main.js, so production runs plain JavaScript (no
// TypeScript loader at run time). Packages stay in node_modules but drizzle-orm. Part of `npm run build`;
// `npm start` runs it when the output is missing or older than the sources.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOut = path.join(root, 'dist/server/main.js');

// Modules find their files (migrations, SQL sources, course content) next to their own source
// file through import.meta.url. In one bundle every module would share the bundle's URL, so each
// source's own location is written in, relative to the bundle: the folder can still be moved whole.
const sourceUrls = (outfile) => ({
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/**
 * Packages stay in node_modules, except drizzle-orm, which is compiled in: Node resolves each of its
 * hundreds of modules against its 179 KB package.json, about 0.35 CPU-s of every start (decision 087).
 */
const bundledPackages = /^drizzle-orm(\/|$)/;
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    // A bare specifier (not relative, absolute or the project's own `#…` imports) names a package.
    b.onResolve({ filter: /^[^./#]/ }, (args) => (bundledPackages.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Compiles `entry` (default server/main.ts) into `outfile` (default dist/server/main.js). The tests
 * that start the real server or the users command in a child process compile their entry the same
 * way (test/compiled.ts), so each child is a plain `node` start. `outfile` must be inside the
 * project: the bundle finds its packages in the project's node_modules.
 */
export async function buildServer({ entry = path.join(root, 'server/main.ts'), outfile = serverOut } = {}) {
  await build({ ...nodeBundle, entryPoints: [entry], outfile, sourcemap: true, plugins: [packagesOutside, sourceUrls(outfile)] });
}

/** One ES module for the project's Node version (the server, and the landing page's renderer: scripts/vite-landing-renderer.ts). */
export const nodeBundle = { bundle: true, platform: 'node', format: 'esm', target: 'node22.12', logLevel: 'warning' };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
