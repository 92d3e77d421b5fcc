/**
 * Fonts for names the certificate's Noto Serif cannot draw: Chinese, Japanese, Korean and Arabic
 * (decision 032). Each CJK family comes as the slices Google Fonts cuts it into
 * (`@fontsource-variable` packages, woff2 of 10-80 KB each, with the Unicode ranges each slice
 * covers), so a name costs the download of the few slices holding its characters, never a whole
 * CJK font. Arabic is one static TTF, Noto Naskh Arabic Bold (200 KB).
 */

export const cjkFamilies = ['sc', 'tc', 'jp', 'kr'] as const;
export type CjkFamily = (typeof cjkFamilies)[number];
export type NameFontFamily = CjkFamily | 'arabic';

export interface NameFontSlice {
  family: NameFontFamily;
  /** The slice's file name in its package's `files/` folder. */
  file: string;
  ranges: [number, number][];
}

/** The `@fontsource-variable` package of each CJK family. */
export const cjkPackages: Record<CjkFamily, string> = { sc: 'noto-sans-sc', tc: 'noto-sans-tc', jp: 'noto-sans-jp', kr: 'noto-sans-kr' };

/**
 * Arabic, Persian and Urdu letters with their presentation forms. A static TTF: fontkit reads the
 * composite glyphs of a woff2 wrongly (Noto Sans Arabic's slice drew alef and lam as empty boxes).
 */
export const arabicFont: NameFontSlice = {
  family: 'arabic',
  file: 'NotoNaskhArabic_700Bold.ttf',
  ranges: [
    [0x0600, 0x06ff],
    [0x0750, 0x077f],
    [0x08a0, 0x08ff],
    [0xfb50, 0xfdff],
    [0xfe70, 0xfeff],
  ],
};

/** A CJK package's `unicode.json` (`{ "[12]": "U+4e00-4e0f,U+4e11", … }`) as slices. */
export function slicesOf(family: CjkFamily, unicodeJson: Record<string, string>): NameFontSlice[] {
  return Object.entries(unicodeJson)
    .map(([key, ranges]) => ({ name: key.replace(/^\[(\d+)\]$/, '$1'), ranges }))
    .map(({ name, ranges }) => ({
      family,
      file: `${cjkPackages[family]}-${name}-wght-normal.woff2`,
      ranges: ranges.split(',').map((r) => {
        const [from, to] = r.trim().replace(/^U\+/i, '').split('-');
        return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
      }),
    }));
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u;

/**
 * The families to try for a name, best first: Arabic for its own letters (some CJK slices list a
 * few Arabic code points without drawing them), then Korean when the name has Hangul, Japanese
 * when it has kana (its kanji then take Japanese shapes), otherwise simplified then traditional Chinese.
 */
export function familyOrder(name: string): NameFontFamily[] {
  const first: CjkFamily = HANGUL.test(name) ? 'kr' : KANA.test(name) ? 'jp' : 'sc';
  return ['arabic', first, ...cjkFamilies.filter((f) => f !== first)];
}

/** The slice that draws `codePoint`, trying the families in the given order. */
export function sliceFor(slices: NameFontSlice[], order: NameFontFamily[], codePoint: number): NameFontSlice | undefined {
  for (const family of order) {
    const found = slices.find((s) => s.family === family && s.ranges.some(([a, b]) => codePoint >= a && codePoint <= b));
    if (found) return found;
  }
  return undefined;
}

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG_LTR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3040-\u9fff\uac00-\ud7af]/u;

/** Whether the name reads right to left: its first letter with a direction is Arabic or Hebrew. */
export function isRightToLeft(name: string): boolean {
  for (const ch of name) {
    if (RTL.test(ch)) return true;
    if (STRONG_LTR.test(ch)) return false;
  }
  return false;
}
