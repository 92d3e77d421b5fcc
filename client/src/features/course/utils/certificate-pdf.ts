import { create as openFont, type Font } from 'fontkit';
import notoSerifBoldUrl from '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf?url';
import { LineCapStyle, PDFDocument, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { CERT_WIDTH, certColors, certificateLayout, type CertColor, type CertFont, type CertificateInput, type CertText } from './certificate-layout.ts';

// A4 landscape in points.
const PAGE_W = 841.89;
const PAGE_H = 595.28;
const S = PAGE_W / CERT_WIDTH;

const color = (c: CertColor) => {
  const hex = certColors[c];
  return rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
};

/**
 * Characters a font cannot draw fall back to their unaccented letter, else "?", rather than failing
 * the whole download. The standard PDF fonts only cover Western European letters (WinAnsi); the
 * embedded Noto Serif adds the rest of Latin (Vietnamese, Yoruba…), Greek and Cyrillic.
 */
// Latin letters that Unicode does not decompose into a base letter plus accent.
const PLAIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

function replaceUndrawable(canDraw: (text: string) => boolean, text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => [ch, PLAIN[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '')].find((candidate) => candidate && canDraw(candidate)) ?? '?')
    .join('');
}

/** The text as a standard font can write it. */
export function encodable(font: PDFFont, text: string): string {
  return replaceUndrawable((candidate) => {
    try {
      font.encodeText(candidate);
      return true;
    } catch {
      return false; // not in WinAnsi
    }
  }, text);
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

/** Fetches the Unicode font (a separate file, loaded only when a PDF is made). */
async function fetchUnicodeFont(): Promise<Uint8Array> {
  const res = await fetch(notoSerifBoldUrl);
  if (!res.ok) throw new Error(`font ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function drawText(page: PDFPage, font: PDFFont, t: CertText, text: string) {
  const spacing = t.spacing ?? 0;
  const widthAt = (size: number) => font.widthOfTextAtSize(text, size) + spacing * Math.max(0, [...text].length - 1);
  let size = t.size;
  if (t.maxWidth && widthAt(size) > t.maxWidth) size = (size * t.maxWidth) / widthAt(size);
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

export interface CertificatePdfInput extends CertificateInput {
  verificationCode: string;
  /** Document title shown by PDF readers. */
  documentTitle: string;
  lang: string;
}

/**
 * The certificate as a one-page landscape A4 PDF, drawn from the same layout as the page. Texts
 * people wrote (the name, the course title) use an embedded subset of Noto Serif Bold; the fixed
 * labels keep the standard fonts. `loadUnicodeFont` returns the TTF bytes (tests read the file).
 */
export async function buildCertificatePdf(input: CertificatePdfInput, loadUnicodeFont: () => Promise<Uint8Array> = fetchUnicodeFont): Promise<Uint8Array> {
  const unicodeBytes = await loadUnicodeFont();
  const unicodeFont = openFont(unicodeBytes as Buffer) as Font;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib);
  doc.setTitle(input.documentTitle);
  doc.setAuthor(input.labels.signature);
  doc.setSubject(`${input.name}: ${input.courseTitle}`);
  doc.setKeywords([input.verificationCode, input.verificationUrl]);
  doc.setCreator(input.labels.signature);
  doc.setLanguage(input.lang);
  const fonts: Record<CertFont, PDFFont> = {
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    serifItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const userFont = await doc.embedFont(unicodeBytes, { subset: true });
  const canDrawUnicode = (text: string) => [...text].every((ch) => unicodeFont.hasGlyphForCodePoint(ch.codePointAt(0)!));
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
    if (t.userText) drawText(page, userFont, t, replaceUndrawable(canDrawUnicode, t.text));
    else drawText(page, fonts[t.font], t, encodable(fonts[t.font], t.text));
  }
  const { qr } = layout;
  page.drawRectangle({ x: (qr.x - 4) * S, y: PAGE_H - (qr.y + qr.size + 4) * S, width: (qr.size + 8) * S, height: (qr.size + 8) * S, color: rgb(1, 1, 1) });
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
