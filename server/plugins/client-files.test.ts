import { describe, expect, it } from 'vitest';

import { chooseEncoding, looksLikeFile } from './client-files.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('looksLikeFile', () => {
  it('tells missing files (404) from client routes (app shell)', () => {
    expect(looksLikeFile('/assets/index-abc.js')).toBe(true);
    expect(looksLikeFile('/locales/xx/common.json')).toBe(true);
    expect(looksLikeFile('/sitemap.xml?x=1')).toBe(true);
    expect(looksLikeFile('/verify/ABCD-EFGH-JKMN-PQRS')).toBe(false);
    expect(looksLikeFile('/lesson/7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(false);
    expect(looksLikeFile('/dashboard?lng=fr')).toBe(false);
  });
});
