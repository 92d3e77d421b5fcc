import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { arabicFont, cjkFamilies, cjkPackages, familyOrder, isRightToLeft, sliceFor, slicesOf } from './name-fonts.ts';

const slices = [
  ...cjkFamilies.flatMap((f) =>
    slicesOf(f, JSON.parse(readFileSync(path.resolve('node_modules/@fontsource-variable', cjkPackages[f], 'unicode.json'), 'utf8'))),
  ),
  arabicFont,
];
const fontFor = (name: string, ch: string) => sliceFor(slices, familyOrder(name), ch.codePointAt(0)!);

describe('fonts for names beyond Noto Serif', () => {
  it('finds the slice of each character in the family that suits the name', () => {
    expect(fontFor('美玲', '美')).toMatchObject({ family: 'sc', file: expect.stringMatching(/^noto-sans-sc-\d+-wght-normal\.woff2$/) });
    // Kanji in a name with kana take the Japanese shapes; Hangul the Korean font.
    expect(fontFor('佐藤 さくら', '藤')?.family).toBe('jp');
    expect(fontFor('김민준', '민')?.family).toBe('kr');
    // A traditional character missing from the simplified set comes from the traditional one.
    expect(fontFor('陳淑芬', '陳')?.family).toMatch(/^(sc|tc)$/);
  });

  it('sends Arabic letters to the Arabic font, even where a CJK slice lists them', () => {
    for (const ch of 'فاطمة الزهراء'.replace(' ', '')) expect(fontFor('فاطمة', ch), ch).toBe(arabicFont);
    expect(fontFor('x', 'த')).toBeUndefined();
  });

  it('reads a name right to left when its first letter with a direction is Arabic', () => {
    expect(isRightToLeft('محمد Ali')).toBe(true);
    expect(isRightToLeft('Ali محمد')).toBe(false);
    expect(isRightToLeft('2024 محمد')).toBe(true);
    expect(isRightToLeft('美玲')).toBe(false);
  });
});
