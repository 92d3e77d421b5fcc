import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `t('…')` is type-checked against the English files (i18next.d.ts); a namespace file the declaration
 * does not list would leave its keys unchecked and every `t` of it failing the type check.
 */
describe('typed translation keys', () => {
  it('declare every namespace file, from the English file itself', () => {
    const files = readdirSync(path.resolve('client/public/locales/en'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    const declaration = readFileSync(path.resolve('client/src/types/i18next.d.ts'), 'utf8');
    const imported = [...declaration.matchAll(/from '#locales\/en\/([\w-]+)\.json'/g)].map((m) => m[1]).sort();
    const declared = [...declaration.matchAll(/^\s+'?([\w-]+)'?: typeof \w+;$/gm)].map((m) => m[1]).sort();
    expect(imported).toEqual(files);
    expect(declared).toEqual(files);
  });
});
