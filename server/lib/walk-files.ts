import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file below `dir`, depth first. Dot-entries are skipped: they hold build metadata (.vite/), not files for browsers. */
export async function* walkFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(full);
    else yield full;
  }
}
