import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** docs/decisions/README.md, the index of the decision records (issue 30): every record listed once, gaps said. */
const dir = path.resolve('docs/decisions');
const records = readdirSync(dir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
const rows = [...index.matchAll(/^\| \[(\d{3})\]\(([^)]+)\) \| ([^|]+) \|/gm)].map((m) => ({
  num: m[1]!,
  file: m[2]!,
  title: m[3]!.trim(),
}));

describe('the index of decision records', () => {
  it('lists every record once, in order, with a link that opens it and its title', () => {
    expect(rows.map((r) => r.file)).toEqual(records);
    for (const row of rows) {
      expect(row.file.startsWith(`${row.num}-`), row.file).toBe(true);
      const heading = /^#\s*\d{3}\s*[—–-]\s*(.+)$/m.exec(readFileSync(path.join(dir, row.file), 'utf8'))?.[1]?.trim();
      if (heading) expect(row.title.replace(/\\\|/g, '|'), row.file).toBe(heading);
    }
  });

  it('names the numbers no record has, and only those', () => {
    const used = new Set(records.map((f) => Number(f.slice(0, 3))));
    const gaps = Array.from({ length: Math.max(...used) }, (_, i) => i + 1).filter((n) => !used.has(n));
    // Never used, or reserved for a record being written (listed apart until it lands).
    const said = [/^Numbers never used: (.+?)\./m, /^Numbers reserved: (.+?)\./m].flatMap((re) => re.exec(index)?.[1]?.split(', ') ?? []);
    const listed = said.flatMap((part) => {
      const [from, to = from] = part.split('-').map(Number) as [number, number?];
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
    expect(listed.sort((a, b) => a - b)).toEqual(gaps);
  });
});
