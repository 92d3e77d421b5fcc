import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve('client/public/locales');
const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, unknown> =>
  Object.entries(o).reduce<Record<string, unknown>>((acc, [k, v]) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(acc, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else acc[`${prefix}${k}`] = v;
    return acc;
  }, {});
const load = (lng: string, file: string) => flatten(JSON.parse(readFileSync(path.join(root, lng, file), 'utf8')));

describe('translations', () => {
  const enFiles = readdirSync(path.join(root, 'en')).sort();
  const frFiles = readdirSync(path.join(root, 'fr')).sort();

  it('have the same namespaces in en and fr', () => {
    expect(frFiles).toEqual(enFiles);
  });

  it.each(enFiles)('%s has the same keys in en and fr, none empty', (file) => {
    const en = load('en', file);
    const fr = load('fr', file);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(fr)]) {
      expect(typeof value === 'string' || Array.isArray(value), `${file}: ${key}`).toBe(true);
      if (typeof value === 'string') expect(value.trim(), `${file}: ${key} is empty`).not.toBe('');
    }
  });

  it.each(enFiles)('%s uses the same {{placeholders}} in both languages', (file) => {
    const en = load('en', file);
    const fr = load('fr', file);
    const vars = (s: unknown) => (typeof s === 'string' ? [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort() : []);
    for (const key of Object.keys(en)) expect(vars(fr[key]), `${file}: ${key}`).toEqual(vars(en[key]));
  });
});
