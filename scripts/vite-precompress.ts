import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

import { compressForServing } from '#server/lib/compress.ts';
import { walkFiles } from '#server/lib/walk-files.ts';

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file of
 * the build, public files included, so the server sends them as they are
 * (server/plugins/client-files.ts) instead of compressing per request or sending them raw. A
 * variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      for await (const file of walkFiles(outDir)) if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) files.push(file);
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          const { br, gzip: gz } = await compressForServing(data);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
