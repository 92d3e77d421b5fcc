import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
/** A page's head up to its first script, without comments: what a browser and a search engine read first. */
const headOf = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .split('<script')[0]!
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('<!--'));

describe('the prerendered landing page template (docs/decisions/057)', () => {
  it("keeps index.html's head: the same meta tags, icons and title", () => {
    expect(headOf('landing.html')).toEqual(headOf('index.html'));
    expect(readFileSync(path.join(root, 'landing.html'), 'utf8')).toContain('<script src="/boot.js"></script>');
  });
});
