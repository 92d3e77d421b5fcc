import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

import type { ScreenReads } from '#client/app/first-screen-reads.ts';

/**
 * `public/boot.js` with its line `var <name> = {};` holding `value` instead. The build fills in
 * `firstScreenScripts` and `firstScreenSmallScripts` (the small ones, preloaded once a rendered screen
 * is painted; both stay `{}` in development), and the build and the dev server `firstScreenReads`.
 */
function fillIn(source: string, name: string, value: unknown): string {
  const line = `var ${name} = {};`;
  if (!source.includes(line)) throw new Error(`first-screens: boot.js has no line "${line}"`);
  return source.replace(line, `var ${name} = ${JSON.stringify(value)};`);
}
/** A first screen's chunk smaller than this (gzip) is left to the import that needs it. */
const MIN_GZIP = 1024;

/**
 * The entry chunk of index.html (its script: src/main.tsx). The build has a second entry, the
 * prerendered landing page's template (scripts/vite-landing-renderer.ts), whose chunk is not the app's.
 */
export function appEntryChunk(bundle: Rollup.OutputBundle, root: string): Rollup.OutputChunk {
  const index = path.resolve(root, 'index.html');
  const chunk = Object.values(bundle).find((c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && c.facadeModuleId === index);
  if (!chunk) throw new Error('no entry chunk for index.html');
  return chunk;
}

/**
 * Tells `public/boot.js` which scripts a first screen that is not in the entry needs, so it can
 * `modulepreload` them beside the entry's own scripts instead of after the entry has run
 * (docs/decisions/048). `screens` maps a path to the lazily loaded modules its first render needs;
 * each gets its chunk and the chunks that chunk imports of at least MIN_GZIP bytes, less what
 * index.html loads already.
 * Written into the built boot.js, with the screens' API reads (`reads`, see `withReads`), before the
 * service worker's precache list and the precompressed copies are made (both in closeBundle).
 */
export function firstScreenScripts(screens: Record<string, string[]>, reads: Record<string, ScreenReads>): Plugin {
  let root = '';
  let outDir = '';
  let scripts: Record<string, string[]> = {};
  let smallScripts: Record<string, string[]> = {};
  return {
    name: 'first-screen-scripts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const closure = (fileName: string, into: Set<string>) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
        into.add(fileName);
        chunk.imports.forEach((f) => closure(f, into));
      };
      const initial = new Set<string>();
      closure(appEntryChunk(bundle, root).fileName, initial);
      // Each chunk compressed once, though several screens import it.
      const isLarge = new Map<string, boolean>();
      const isLargeChunk = (f: string) => {
        const chunk = bundle[f];
        if (!isLarge.has(f)) isLarge.set(f, chunk?.type === 'chunk' && gzipSync(chunk.code).length >= MIN_GZIP);
        return isLarge.get(f)!;
      };
      scripts = {};
      smallScripts = {};
      for (const [screen, modules] of Object.entries(screens)) {
        const files = new Set<string>();
        const own = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`first-screen-scripts: no chunk starts at ${module}`);
          own.add(chunk.fileName);
          closure(chunk.fileName, files);
        }
        // The listed modules' own chunks, and of what they import only the chunks of at least
        // MIN_GZIP bytes: each link boot.js adds costs the main thread about 2 ms before the first
        // paint (docs/decisions/078); the tiny ones (an icon, a helper) come with the import that needs them.
        // The tiny ones go to `smallScripts`, for a screen already painted (the server's, docs/decisions/084):
        // boot.js adds them a few per task before the app's entry, where the app's imports would
        // otherwise add them all at once in the middle of its start (about 45 ms on a slow phone, issue 29).
        const notInEntry = [...files].filter((f) => !initial.has(f));
        const isEarly = (f: string) => own.has(f) || isLargeChunk(f);
        scripts[screen] = notInEntry.filter(isEarly).map((f) => `/${f}`);
        smallScripts[screen] = notInEntry.filter((f) => !isEarly(f)).map((f) => `/${f}`);
      }
    },
    async writeBundle() {
      const file = path.join(outDir, 'boot.js');
      const source = withReads(await readFile(file, 'utf8'), reads);
      await writeFile(file, fillIn(fillIn(source, 'firstScreenScripts', scripts), 'firstScreenSmallScripts', smallScripts));
    },
  };
}

/** boot.js with the first screens' API reads written in (`reads`: client/src/app/first-screen-reads.ts). */
export function withReads(source: string, reads: Record<string, ScreenReads>): string {
  return fillIn(source, 'firstScreenReads', reads);
}

/**
 * The development server's boot.js: the public file with the API reads written in, as the build
 * writes them (the scripts stay `{}`: the dev server has no chunks), so a first screen's reads
 * start from the first byte in development too, and the app takes them as in production.
 */
export function firstScreenReadsInDev(reads: Record<string, ScreenReads>): Plugin {
  let publicDir = '';
  return {
    name: 'first-screen-reads-dev',
    apply: 'serve',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    configureServer(server) {
      // Before Vite's own middlewares, which would serve the public file as it is.
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/boot.js') return next();
        readFile(path.join(publicDir, 'boot.js'), 'utf8').then(
          (source) => {
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(withReads(source, reads));
          },
          (err: unknown) => next(err),
        );
      });
    },
  };
}
