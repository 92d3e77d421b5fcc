import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The brotli (best quality) and gzip -9 copies of a text the server sends as it is: the build's
 * files (scripts/vite-precompress.ts) and the prerendered pages (server/plugins/landing-page.ts).
 * Brotli's window fits the text (its default is 4 MB), so a small page costs little memory.
 */
export async function compressForServing(data: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const window = Math.min(24, Math.max(10, Math.ceil(Math.log2(data.length + 1))));
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_LGWIN]: window,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * A text compressed once for the answer it is made for (a page rendered per request, decision 084):
 * brotli at quality 5 (most of its gain, at a fraction of quality 11's time) or gzip -6.
 */
export function compressForRequest(data: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br' ? brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzip(data, { level: 6 });
}
