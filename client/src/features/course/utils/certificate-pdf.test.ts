import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadBible, lookupPassage, normaliseQuote } from '../../../../../content/scripture.ts';
import { buildCertificatePdf, encodable } from './certificate-pdf.ts';

const locales = (lng: 'en' | 'fr') => JSON.parse(readFileSync(path.resolve('client/public/locales', lng, 'course.json'), 'utf8'));

function input(lng: 'en' | 'fr', name: string) {
  const sheet = locales(lng).certificate.sheet;
  const code = 'K7QX-4M2D-9TPA-H3VW';
  const verificationUrl = `https://god.example.org/verify/${code}`;
  return {
    name,
    courseTitle: lng === 'en' ? 'Foundations of Faith: 8 Weeks to Becoming a Disciple-Maker' : 'Les fondements de la foi : 8 semaines pour apprendre à faire des disciples',
    dateText: lng === 'en' ? 'November 21, 2026' : '21 novembre 2026',
    verificationUrl,
    verificationCode: code,
    documentTitle: sheet.title,
    lang: lng,
    labels: { ...sheet, verifyLine: sheet.verifyLine.replace('{{code}}', code).replace('{{url}}', verificationUrl) },
  };
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cert-')), 'c.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('certificate PDF', () => {
  it('is one landscape A4 page holding the name, course, date, code and verification address', async () => {
    const bytes = await buildCertificatePdf(input('en', 'Amara Okafor'));
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(841.89, 1);
    expect(height).toBeCloseTo(595.28, 1);
    expect(doc.getTitle()).toBe('Certificate of Completion');
    const text = pdfText(bytes);
    for (const expected of ['Amara Okafor', 'Certificate of Completion', 'Foundations of Faith', 'November 21, 2026', 'K7QX-4M2D-9TPA-H3VW', 'https://god.example.org/verify/K7QX-4M2D-9TPA-H3VW'])
      expect(text).toContain(expected);
  });

  it('is written in French for a French reader, accents included', async () => {
    const text = pdfText(await buildCertificatePdf(input('fr', 'Chloé Lefèvre')));
    for (const expected of ['Chloé Lefèvre', 'Certificat de réussite', '21 novembre 2026', 'Code de vérification']) expect(text).toContain(expected);
  });

  it('still builds for names outside the standard PDF fonts', async () => {
    const text = pdfText(await buildCertificatePdf(input('en', 'Nguyễn Thị Ánh 李')));
    expect(text).toContain('Nguyen Thi Ánh ?');
  });

  it('replaces only the characters the font cannot draw', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(encodable(font, 'Zoë Ørsted—“Ça”')).toBe('Zoë Ørsted—“Ça”');
    expect(encodable(font, 'Łukasz Дмитрий')).toBe('Lukasz ???????');
  });
});

describe('certificate verse', () => {
  it('quotes Philippians 1:6 exactly as the scripture files do', () => {
    const en = locales('en').certificate.sheet.verse;
    const fr = locales('fr').certificate.sheet.verse;
    expect(normaliseQuote(en)).toBe(normaliseQuote(lookupPassage(loadBible('BSB.txt'), 'Philippians 1:6')!));
    // The Synodale file opens this verse with a dash that marks the sentence running on from verse 5.
    expect(normaliseQuote(fr)).toBe(normaliseQuote(lookupPassage(loadBible('FreSynodale1921.txt'), 'Philippians 1:6')!.replace(/^—\s*/, '')));
  });
});
