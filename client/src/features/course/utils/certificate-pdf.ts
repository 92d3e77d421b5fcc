import {
  LineCapStyle,
  LineJoinStyle,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineJoin,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { create as openFont, type Font, type Glyph } from 'fontkit';

import type { CertificateFonts } from './certificate-fonts.ts';
import {
  CERT_WIDTH,
  certColors,
  certificateLayout,
  type CertColor,
  type CertFont,
  type CertificateInput,
  type CertText,
} from './certificate-layout.ts';
import { arabicFont, familyOrder, isRightToLeft, sliceFor, type NameFontSlice } from './name-fonts.ts';

// A4 landscape in points.
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const S = PAGE_W / CERT_WIDTH;

const color = (c: CertColor) => {
  const hex = certColors[c];
  return rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
};

/**
 * Characters a standard PDF font cannot draw (it only covers Western European letters, WinAnsi)
 * fall back to their unaccented letter, else "?", rather than failing the whole download. Names
 * and titles do not go through this: Noto Serif and the CJK and Arabic fonts draw them.
 */
// Latin letters that Unicode does not decompose into a base letter plus accent.
const PLAIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

function replaceUndrawable(canDraw: (text: string) => boolean, text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => [ch, PLAIN[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '')].find((candidate) => candidate && canDraw(candidate)) ?? '?')
    .join('');
}

/**
 * Windows-1252, the WinAnsi encoding of the standard fonts used here (Times, Helvetica). Asked of the
 * table, not of the font: @cantoo/pdf-lib writes "?" for a character outside it instead of throwing.
 */
const WIN_ANSI = new Set(new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 224 }, (_, i) => i + 32)));

/** The text as a standard font can write it. */
export function encodable(text: string): string {
  return replaceUndrawable((candidate) => [...candidate].every((ch) => WIN_ANSI.has(ch)), text);
}

/**
 * fontkit 2 for pdf-lib. The `@pdf-lib/fontkit` fork writes broken TrueType subsets (short `loca`
 * offsets without padding: most glyphs come out blank, fixed upstream in fontkit 1.8); fontkit 2's
 * subset returns its bytes at once where pdf-lib expects the old stream interface.
 */
const fontkitForPdfLib = {
  create(bytes: Uint8Array) {
    const font = openFont(bytes as Buffer) as Font;
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      const stream = {
        on(event: string, listener: (arg?: unknown) => void) {
          if (event === 'data') listener(subset.encode());
          else if (event === 'end') listener();
          return stream;
        },
      };
      return Object.assign(subset, { encodeStream: () => stream });
    };
    return font;
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** The size that fits `t.maxWidth`, given the width at size 1. */
const fittedSize = (t: CertText, widthAt: (size: number) => number) =>
  t.maxWidth && widthAt(t.size) > t.maxWidth ? (t.size * t.maxWidth) / widthAt(t.size) : t.size;

function drawText(page: PDFPage, font: PDFFont, t: CertText, text: string) {
  const spacing = t.spacing ?? 0;
  const widthAt = (size: number) => font.widthOfTextAtSize(text, size) + spacing * Math.max(0, [...text].length - 1);
  const size = fittedSize(t, widthAt);
  let x = t.x - widthAt(size) / 2;
  const y = PAGE_H - t.y * S;
  const c = color(t.color);
  if (!spacing) {
    page.drawText(text, { x: x * S, y, size: size * S, font, color: c });
    return;
  }
  for (const ch of text) {
    page.drawText(ch, { x: x * S, y, size: size * S, font, color: c });
    x += font.widthOfTextAtSize(ch, size) + spacing;
  }
}

/** Noto Serif maps a few Arabic letters to an empty box: Arabic always goes to the Arabic font. */
const serifHas = (serif: Font, cp: number) => !arabicFont.ranges.some(([a, b]) => cp >= a && cp <= b) && serif.hasGlyphForCodePoint(cp);

/** A run of the text drawn with one font, shaped by fontkit (Arabic joins, marks, right-to-left order). */
interface Run {
  font: Font;
  glyphs: { glyph: Glyph; x: number; y: number }[];
  /** Advance in font units. */
  width: number;
  /** Outline stroke (font units) that brings a lighter face to about the weight of Noto Serif Bold. */
  embolden: number;
}

function shape(font: Font, text: string): Run {
  const layout = font.layout(text);
  let x = 0;
  const glyphs = layout.glyphs.map((glyph, i) => {
    const p = layout.positions[i]!;
    const placed = { glyph, x: x + p.xOffset, y: p.yOffset };
    x += p.xAdvance;
    return placed;
  });
  // The variable CJK and Arabic faces open at their default weight (thin or regular; fontkit cannot
  // instantiate a woff2 at another weight): a stroke of the outline's own colour thickens them.
  const weight = (font as unknown as { 'OS/2'?: { usWeightClass?: number } })['OS/2']?.usWeightClass ?? 700;
  return { font, glyphs, width: x, embolden: Math.max(0, 700 - weight) * 0.12 };
}

/**
 * A name with characters Noto Serif lacks (Chinese, Japanese, Korean, Arabic): split into runs,
 * each in the first font that has its characters (Noto Serif, then the slices of the CJK and
 * Arabic families that hold them), shaped, and drawn as outlines. The name stays text for
 * readers, search and copy: an invisible copy inside a marked-content span whose ActualText is
 * the name as written.
 */
async function drawNameOutlines(page: PDFPage, t: CertText, text: string, serif: Font, fonts: CertificateFonts, fallback: PDFFont) {
  const slices = await fonts.slices();
  const order = familyOrder(text);
  const loaded = new Map<string, Promise<Font>>();
  const fontOf = (slice: NameFontSlice) => {
    if (!loaded.has(slice.file))
      loaded.set(
        slice.file,
        fonts.slice(slice.file).then((bytes) => openFont(bytes as Buffer) as Font),
      );
    return loaded.get(slice.file)!;
  };
  const runs: { font: Font | Promise<Font>; text: string; has: (cp: number) => boolean }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs.at(-1);
    if (current?.has(cp)) {
      current.text += ch;
      continue;
    }
    if (serifHas(serif, cp)) {
      runs.push({ font: serif, text: ch, has: (c) => serifHas(serif, c) });
      continue;
    }
    const slice = sliceFor(slices, order, cp);
    if (slice) runs.push({ font: fontOf(slice), text: ch, has: (c) => slice.ranges.some(([a, b]) => c >= a && c <= b) });
    else runs.push({ font: serif, text: '?', has: () => false });
  }
  const shaped = await Promise.all(runs.map(async (r) => shape(await r.font, r.text)));
  // Runs follow the reading direction of the name (a right-to-left name starts at the right).
  if (isRightToLeft(text)) shaped.reverse();
  const widthAt = (size: number) => shaped.reduce((sum, r) => sum + (r.width / r.font.unitsPerEm) * size, 0);
  const size = fittedSize(t, widthAt);
  const left = t.x - widthAt(size) / 2;
  const baseline = PAGE_H - t.y * S;
  const c = color(t.color);

  const actualText = page.doc.context.obj({ ActualText: PDFHexString.fromText(text) });
  // pdf-lib's operator type leaves out dictionaries, which BDC takes and which serialize as they should.
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of('Span'), actualText as unknown as PDFName]));
  // What text extraction finds inside the span is replaced by the ActualText: an invisible stand-in of the same width.
  const standIn = encodable(text) || '?';
  page.drawText(standIn, {
    x: left * S,
    y: baseline,
    size: ((size * widthAt(1)) / Math.max(fallback.widthOfTextAtSize(standIn, 1), 0.01)) * S,
    font: fallback,
    opacity: 0,
  });
  page.pushOperators(pushGraphicsState(), setLineJoin(LineJoinStyle.Round));
  let x = left;
  for (const run of shaped) {
    const k = size / run.font.unitsPerEm;
    for (const g of run.glyphs) {
      const d = g.glyph.path.scale(1, -1).toSVG();
      if (d)
        page.drawSvgPath(d, {
          x: (x + g.x * k) * S,
          y: baseline + g.y * k * S,
          scale: k * S,
          color: c,
          ...(run.embolden > 0 ? { borderColor: c, borderWidth: run.embolden } : {}),
        });
    }
    x += run.width * k;
  }
  page.pushOperators(popGraphicsState(), PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}

export interface CertificatePdfInput extends CertificateInput {
  verificationCode: string;
  /** Document title shown by PDF readers. */
  documentTitle: string;
  lang: string;
}

/**
 * The certificate as a one-page landscape A4 PDF, drawn from the same layout as the page. Texts
 * people wrote (the name, the course title) use an embedded subset of Noto Serif Bold, or outlines
 * from the CJK and Arabic fonts where Noto Serif lacks a character; the fixed labels keep the
 * standard fonts. `fonts` gives the font files (tests read them from disk).
 */
export async function buildCertificatePdf(input: CertificatePdfInput, fonts: CertificateFonts): Promise<Uint8Array> {
  const unicodeBytes = await fonts.serif();
  const unicodeFont = openFont(unicodeBytes as Buffer) as Font;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib);
  doc.setTitle(input.documentTitle);
  doc.setAuthor(input.labels.signature);
  doc.setSubject(`${input.name}: ${input.courseTitle}`);
  doc.setKeywords([input.verificationCode, input.verificationUrl]);
  doc.setCreator(input.labels.signature);
  doc.setLanguage(input.lang);
  const standard: Record<CertFont, PDFFont> = {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const userFont = await doc.embedFont(unicodeBytes, { subset: true });
  const canDrawUnicode = (text: string) => [...text].every((ch) => serifHas(unicodeFont, ch.codePointAt(0)!));
  const page = doc.addPage([PAGE_W, PAGE_H]);
  const layout = certificateLayout(input);
  for (const shape of layout.shapes) {
    page.drawSvgPath(shape.d, {
      x: 0,
      y: PAGE_H,
      scale: S,
      ...(shape.fill ? { color: color(shape.fill) } : {}),
      ...(shape.stroke ? { borderColor: color(shape.stroke), borderWidth: shape.strokeWidth ?? 1, borderLineCap: LineCapStyle.Round } : {}),
    });
  }
  for (const t of layout.texts) {
    const text = t.text.normalize('NFC');
    if (t.userText && canDrawUnicode(text)) drawText(page, userFont, t, text);
    else if (t.userText) await drawNameOutlines(page, t, text, unicodeFont, fonts, standard.sans);
    else drawText(page, standard[t.font], t, encodable(t.text));
  }
  const { qr } = layout;
  page.drawRectangle({
    x: (qr.x - 4) * S,
    y: PAGE_H - (qr.y + qr.size + 4) * S,
    width: (qr.size + 8) * S,
    height: (qr.size + 8) * S,
    color: rgb(1, 1, 1),
  });
  page.drawSvgPath(qr.path, { x: qr.x * S, y: PAGE_H - qr.y * S, scale: (qr.size / qr.count) * S, color: color('ink') });
  // The QR code is also a link to the verification page.
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [qr.x * S, PAGE_H - (qr.y + qr.size) * S, (qr.x + qr.size) * S, PAGE_H - qr.y * S],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(input.verificationUrl) },
  });
  page.node.addAnnot(doc.context.register(link));
  return doc.save();
}
