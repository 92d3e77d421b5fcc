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
 * The standard PDF fonts only cover Western European letters (WinAnsi). Other characters fall back
 * to their unaccented letter, else "?", rather than failing the whole download.
 */
// Latin letters that Unicode does not decompose into a base letter plus accent.
const PLAIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };

export function encodable(font: PDFFont, text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      for (const candidate of [ch, PLAIN[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '')]) {
        try {
          if (candidate) {
            font.encodeText(candidate);
            return candidate;
          }
        } catch {
          // not in WinAnsi: try the next candidate
        }
      }
      return '?';
    })
    .join('');
}

function drawText(page: PDFPage, font: PDFFont, t: CertText) {
  const text = encodable(font, t.text);
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

/** The certificate as a one-page landscape A4 PDF, drawn from the same layout as the page. */
export async function buildCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
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
  for (const t of layout.texts) drawText(page, fonts[t.font], t);
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
