import notoNaskhArabicBoldUrl from '@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf?url';
import notoSerifBoldUrl from '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf?url';
import jpRanges from '@fontsource-variable/noto-sans-jp/unicode.json?url';
import krRanges from '@fontsource-variable/noto-sans-kr/unicode.json?url';
import scRanges from '@fontsource-variable/noto-sans-sc/unicode.json?url';
import tcRanges from '@fontsource-variable/noto-sans-tc/unicode.json?url';

import { arabicFont, cjkFamilies, slicesOf, type CjkFamily, type NameFontSlice } from './name-fonts.ts';

/** Where the certificate's fonts come from: files of the build, fetched only when a PDF is made. */
export interface CertificateFonts {
  /** Noto Serif Bold (TTF), for every name and title it can draw. */
  serif(): Promise<Uint8Array>;
  /** The slices of the CJK families and the Arabic font, with the characters each covers. */
  slices(): Promise<NameFontSlice[]>;
  /** One slice's file (woff2, or the Arabic TTF). */
  slice(file: string): Promise<Uint8Array>;
}

// Only the addresses are in this chunk; a slice is fetched when a name needs one of its characters.
const sliceUrls = import.meta.glob('../../../../../node_modules/@fontsource-variable/noto-sans-{sc,tc,jp,kr}/files/*-wght-normal.woff2', {
  query: '?url',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const urlOfSlice = new Map([
  ...Object.entries(sliceUrls).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url] as const),
  [arabicFont.file, notoNaskhArabicBoldUrl] as const,
]);
const rangesUrl: Record<CjkFamily, string> = { sc: scRanges, tc: tcRanges, jp: jpRanges, kr: krRanges };

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export const browserCertificateFonts: CertificateFonts = {
  serif: () => fetchBytes(notoSerifBoldUrl),
  async slices() {
    const tables = await Promise.all(cjkFamilies.map(async (f) => slicesOf(f, await (await fetch(rangesUrl[f])).json())));
    return [...tables.flat().filter((s) => urlOfSlice.has(s.file)), arabicFont];
  },
  slice(file) {
    const url = urlOfSlice.get(file);
    if (!url) return Promise.reject(new Error(`no font slice ${file}`));
    return fetchBytes(url);
  },
};
