import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from '@cantoo/pdf-lib';
import { create as openFont, type Font } from 'fontkit';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';

import { loadBible, lookupPassage, normaliseQuote } from '#content/scripture.ts';

import type { CertificateFonts } from './certificate-fonts.ts';
import { buildCertificatePdf, encodable } from './certificate-pdf.ts';
import { arabicFont, cjkFamilies, cjkPackages, slicesOf } from './name-fonts.ts';

const locales = (lng: 'en' | 'fr') => JSON.parse(readFileSync(path.resolve('client/public/locales', lng, 'course.json'), 'utf8'));

function input(lng: 'en' | 'fr', name: string) {
  const sheet = locales(lng).certificate.sheet;
  const code = 'K7QX-4M2D-9TPA-H3VW';
  const verificationUrl = `https://god.example.org/verify/${code}`;
  return {
    name,
    courseTitle:
      lng === 'en'
        ? 'Foundations of Faith: 8 Weeks to Becoming a Disciple-Maker'
        : 'Les fondements de la foi : 8 semaines pour apprendre à faire des disciples',
    dateText: lng === 'en' ? 'November 21, 2026' : '21 novembre 2026',
    verificationUrl,
    verificationCode: code,
    documentTitle: sheet.title,
    lang: lng,
    labels: { ...sheet, verifyLine: sheet.verifyLine.replace('{{code}}', code).replace('{{url}}', verificationUrl) },
  };
}

const read = (file: string) => new Uint8Array(readFileSync(path.resolve('node_modules', file)));
/** The fonts the build serves, read from the installed packages; `fetched` lists the slices a PDF asked for. */
function diskFonts(fetched: string[] = []): CertificateFonts {
  return {
    serif: async () => read('@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf'),
    slices: async () => [
      ...cjkFamilies.flatMap((f) =>
        slicesOf(f, JSON.parse(readFileSync(path.resolve('node_modules/@fontsource-variable', cjkPackages[f], 'unicode.json'), 'utf8'))),
      ),
      arabicFont,
    ],
    slice: async (file) => {
      fetched.push(file);
      if (file === arabicFont.file) return read(`@expo-google-fonts/noto-naskh-arabic/700Bold/${file}`);
      const pkg = Object.values(cjkPackages).find((p) => file.startsWith(`${p}-`))!;
      return read(`@fontsource-variable/${pkg}/files/${file}`);
    },
  };
}
const build = (lng: 'en' | 'fr', name: string, fonts = diskFonts()) => buildCertificatePdf(input(lng, name), fonts);

function pdfText(bytes: Uint8Array, mode = ['-layout']): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cert-')), 'c.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [...mode, file, '-'], { encoding: 'utf8' });
}

describe('certificate PDF', () => {
  it('is one landscape A4 page holding the name, course, date, code and verification address', async () => {
    const bytes = await build('en', 'Amara Okafor');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(841.89, 1);
    expect(height).toBeCloseTo(595.28, 1);
    expect(doc.getTitle()).toBe('Certificate of Completion');
    const text = pdfText(bytes);
    for (const expected of [
      'Amara Okafor',
      'Certificate of Completion',
      'Foundations of Faith',
      'November 21, 2026',
      'K7QX-4M2D-9TPA-H3VW',
      'https://god.example.org/verify/K7QX-4M2D-9TPA-H3VW',
    ])
      expect(text).toContain(expected);
  });

  it('is written in French for a French reader, accents included', async () => {
    const text = pdfText(await build('fr', 'Chloé Lefèvre'));
    for (const expected of ['Chloé Lefèvre', 'Certificat de réussite', '21 novembre 2026', 'Code de vérification'])
      expect(text).toContain(expected);
  });

  // The name's own line, as pdftotext reads it back.
  const nameLine = (text: string) => {
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    return lines[lines.indexOf('This certifies that') + 1];
  };

  it('keeps Vietnamese, Yoruba, Greek and Cyrillic names exactly as written', async () => {
    for (const name of ['Nguyễn Thị Ánh Ọlá', 'Adéṣọlá Ọ̀kẹ́', 'Дмитрий Ёлкин', 'Ελένη Παπαδοπούλου']) {
      const text = pdfText(await build('en', name));
      expect(nameLine(text)).toBe(name.normalize('NFC'));
    }
  });

  it('embeds a subset whose glyphs all have outlines (a broken subset prints blanks that pdftotext still reads)', async () => {
    const name = 'Adéṣọlá Nguyễn Дмитрий Ελένη';
    const doc = await PDFDocument.load(await build('en', name));
    const files = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))
      .map((descriptor) => doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))))
      .filter((file): file is PDFRawStream => file instanceof PDFRawStream);
    expect(files).toHaveLength(1);
    const subset = openFont(Buffer.from(decodePDFRawStream(files[0]!).decode())) as Font;
    const drawn = new Set([...`${name}Foundations of Faith: 8 Weeks to Becoming a Disciple-Maker`].filter((ch) => ch !== ' '));
    // One glyph per distinct character, the parts of accented letters, .notdef and the space.
    expect(subset.numGlyphs).toBeGreaterThanOrEqual(drawn.size + 2);
    const blank = Array.from({ length: subset.numGlyphs }, (_, id) => id).filter((id) => subset.getGlyph(id).path.commands.length === 0);
    expect(blank.length).toBeLessThanOrEqual(2); // .notdef and the space
  });

  it('also embeds the font for the course title', async () => {
    const text = pdfText(await buildCertificatePdf({ ...input('en', 'Amara'), courseTitle: 'Основы веры' }, diskFonts()));
    expect(text).toContain('Основы веры');
  });

  it('keeps Chinese, Japanese, Korean and Arabic names as written, loading only the font slices they need', async () => {
    for (const name of ['美玲 Nguyễn Ọlá', '佐藤 さくら', '김민준', '陳淑芬', 'فاطمة الزهراء']) {
      const fetched: string[] = [];
      const bytes = await build('en', name, diskFonts(fetched));
      // In the order of the page's content, the name follows "This certifies that".
      const lines = pdfText(bytes, ['-raw']).split('\n');
      const line = lines[lines.indexOf('This certifies that') + 1]!;
      // pdftotext writes right-to-left text reversed between embedding marks (U+202B … U+202C).
      const read = line.startsWith('\u202b') ? [...line.slice(1, -1)].reverse().join('') : line;
      expect(read, name).toBe(name);
      // A few small files, never a whole CJK font.
      expect(fetched.length, name).toBeGreaterThan(0);
      expect(fetched.length, name).toBeLessThanOrEqual(3);
    }
  });

  it('draws such a name: its outlines are on the page, not blanks', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cert-')), 'c.pdf');
    // How many pixels of the page, rendered in grey levels, are dark.
    const ink = async (name: string) => {
      writeFileSync(file, await build('en', name));
      const pgm = execFileSync('pdftoppm', ['-gray', '-r', '30', file], { maxBuffer: 1 << 24 });
      return [...pgm.subarray(pgm.indexOf('255\n') + 4)].filter((v) => v < 128).length;
    };
    const blank = await ink('?');
    for (const name of ['美玲', 'فاطمة', '김민준']) expect(await ink(name), name).toBeGreaterThan(blank + 30);
  });

  it("prints a QR code that a phone's camera reads as the verification address", async () => {
    // Poppler draws the page as a phone would see it (PPM: a tiny header, then RGB bytes), jsQR reads it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cert-qr-'));
    writeFileSync(path.join(dir, 'c.pdf'), await build('fr', 'Amara Okafor'));
    execFileSync('pdftoppm', ['-r', '150', '-singlefile', path.join(dir, 'c.pdf'), path.join(dir, 'page')]);
    const ppm = readFileSync(path.join(dir, 'page.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    expect(jsQR(rgba, width, height)?.data).toBe(input('fr', 'Amara Okafor').verificationUrl);
  });

  it('replaces only the characters the standard fonts cannot draw', async () => {
    expect(encodable('Zoë Ørsted—“Ça” €')).toBe('Zoë Ørsted—“Ça” €');
    expect(encodable('Łukasz Дмитрий')).toBe('Lukasz ???????');
    // What the table says is what the font draws: Helvetica writes each of these, not a "?".
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const codes = (text: string) => font.encodeText(text).toString().slice(1, -1).match(/../g);
    expect(codes('Zoë Ørsted—“Ça” €')).not.toContain('3F');
    expect(codes('Д')).toEqual(['3F']);
  });
});

describe('certificate verse', () => {
  it('quotes Philippians 1:6 exactly as the scripture files do', () => {
    const en = locales('en').certificate.sheet.verse;
    const fr = locales('fr').certificate.sheet.verse;
    expect(normaliseQuote(en)).toBe(normaliseQuote(lookupPassage(loadBible('BSB.txt'), 'Philippians 1:6')!));
    // The Synodale file opens this verse with a dash that marks the sentence running on from verse 5.
    expect(normaliseQuote(fr)).toBe(
      normaliseQuote(lookupPassage(loadBible('FreSynodale1921.txt'), 'Philippians 1:6')!.replace(/^—\s*/, '')),
    );
  });
});
