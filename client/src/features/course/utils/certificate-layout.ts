import { qrPath } from './qr.ts';

/**
 * The certificate, designed once and drawn twice: as SVG on the page (and in print) and with
 * pdf-lib in the PDF. Coordinates are A4 landscape at 96 dpi, y pointing down.
 */
export const CERT_WIDTH = 1123;
export const CERT_HEIGHT = 794;

export const certColors = {
  paper: '#fffdf7',
  wash: '#f7efd9',
  purple: '#3b2370',
  gold: '#c59a2a',
  goldLight: '#e9cf7a',
  ink: '#241a3a',
  muted: '#6b6480',
} as const;
export type CertColor = keyof typeof certColors;

export type CertFont = 'serif' | 'serifBold' | 'serifItalic' | 'sans' | 'sansBold';

export interface CertText {
  text: string;
  /** Centre of the line. */
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  font: CertFont;
  color: CertColor;
  /** Extra space between letters, in units. */
  spacing?: number;
  /** The text shrinks to fit this width. */
  maxWidth?: number;
  /** Written by people (any script): the PDF draws it with an embedded Unicode font. */
  userText?: true;
}

export interface CertShape {
  d: string;
  fill?: CertColor;
  stroke?: CertColor;
  strokeWidth?: number;
}

export interface CertificateLabels {
  brand: string;
  title: string;
  presented: string;
  completed: string;
  /** The verse with its quotation marks, as the reader's language writes them. */
  verse: string;
  verseRef: string;
  dateLabel: string;
  signature: string;
  signatureLabel: string;
  sealTop: string;
  sealBottom: string;
  verifyLine: string;
}

export interface CertificateInput {
  name: string;
  courseTitle: string;
  dateText: string;
  verificationUrl: string;
  labels: CertificateLabels;
}

const rect = (x: number, y: number, w: number, h: number) => `M${x} ${y}H${x + w}V${y + h}H${x}Z`;

/** A gold flourish in the top-left corner, mirrored into the other three. */
function corners(): string {
  const one = (sx: number, sy: number, ox: number, oy: number) => {
    const p = (x: number, y: number) => `${ox + sx * x} ${oy + sy * y}`;
    return [
      `M${p(0, 70)}L${p(0, 0)}L${p(70, 0)}`,
      `M${p(12, 46)}L${p(12, 12)}L${p(46, 12)}`,
      // A small diamond (symmetric, so the mirroring needs no care).
      `M${p(22, 22)}m-6 0l6 -6l6 6l-6 6z`,
    ].join('');
  };
  return [
    one(1, 1, 58, 58),
    one(-1, 1, CERT_WIDTH - 58, 58),
    one(1, -1, 58, CERT_HEIGHT - 58),
    one(-1, -1, CERT_WIDTH - 58, CERT_HEIGHT - 58),
  ].join('');
}

/** A 24-point starburst seal centred on (cx, cy). */
function starburst(cx: number, cy: number, outer: number, inner: number, points = 24): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    d += `${i === 0 ? 'M' : 'L'}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  }
  return `${d}Z`;
}

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

/** A flame over an open book: new life (the Spirit) grounded in the Word. */
function emblem(cx: number, cy: number): CertShape[] {
  const flame = `M${cx} ${cy - 26}C${cx + 14} ${cy - 12} ${cx + 16} ${cy - 2} ${cx + 9} ${cy + 6}C${cx + 6} ${cy - 2} ${cx + 2} ${cy - 6} ${cx} ${cy - 8}C${cx - 2} ${cy - 2} ${cx - 8} ${cy} ${cx - 9} ${cy + 6}C${cx - 16} ${cy - 2} ${cx - 12} ${cy - 14} ${cx} ${cy - 26}Z`;
  const book = `M${cx - 24} ${cy + 10}Q${cx - 12} ${cy + 4} ${cx} ${cy + 12}Q${cx + 12} ${cy + 4} ${cx + 24} ${cy + 10}L${cx + 24} ${cy + 22}Q${cx + 12} ${cy + 16} ${cx} ${cy + 24}Q${cx - 12} ${cy + 16} ${cx - 24} ${cy + 22}Z`;
  return [
    { d: circle(cx, cy, 40), fill: 'purple' },
    { d: circle(cx, cy, 34), stroke: 'goldLight', strokeWidth: 1.5 },
    { d: flame, fill: 'gold' },
    { d: book, fill: 'paper' },
  ];
}

export interface CertificateLayout {
  shapes: CertShape[];
  texts: CertText[];
  qr: { x: number; y: number; size: number; count: number; path: string };
}

export function certificateLayout({ name, courseTitle, dateText, verificationUrl, labels }: CertificateInput): CertificateLayout {
  const cx = CERT_WIDTH / 2;
  const seal = { x: cx, y: 644 };
  const qrSize = 84;
  const shapes: CertShape[] = [
    { d: rect(0, 0, CERT_WIDTH, CERT_HEIGHT), fill: 'paper' },
    { d: rect(22, 22, CERT_WIDTH - 44, CERT_HEIGHT - 44), stroke: 'purple', strokeWidth: 12 },
    { d: rect(40, 40, CERT_WIDTH - 80, CERT_HEIGHT - 80), stroke: 'gold', strokeWidth: 2 },
    { d: rect(46, 46, CERT_WIDTH - 92, CERT_HEIGHT - 92), stroke: 'goldLight', strokeWidth: 0.75 },
    { d: corners(), stroke: 'gold', strokeWidth: 2 },
    ...emblem(cx, 112),
    // Divider under the title: two rules and a diamond.
    { d: `M${cx - 170} 266H${cx - 14}M${cx + 14} 266H${cx + 170}`, stroke: 'gold', strokeWidth: 1.5 },
    { d: `M${cx} 259l7 7l-7 7l-7 -7z`, fill: 'gold' },
    // Line under the name.
    { d: `M${cx - 280} 420H${cx + 280}`, stroke: 'gold', strokeWidth: 1.5 },
    // Date and signature lines.
    { d: `M${cx - 361} 658H${cx - 161}M${cx + 161} 658H${cx + 361}`, stroke: 'muted', strokeWidth: 1 },
    // Seal.
    { d: starburst(seal.x, seal.y, 62, 54), fill: 'gold' },
    { d: circle(seal.x, seal.y, 46), fill: 'purple' },
    { d: circle(seal.x, seal.y, 41), stroke: 'goldLight', strokeWidth: 1 },
  ];
  const texts: CertText[] = [
    { text: labels.brand, x: cx, y: 186, size: 15, font: 'sansBold', color: 'purple', spacing: 5 },
    { text: labels.title, x: cx, y: 244, size: 50, font: 'serifBold', color: 'ink', maxWidth: 900 },
    { text: labels.presented, x: cx, y: 330, size: 20, font: 'serifItalic', color: 'muted' },
    { text: name, x: cx, y: 404, size: 56, font: 'serifBold', color: 'purple', maxWidth: 760, userText: true },
    { text: labels.completed, x: cx, y: 462, size: 19, font: 'serif', color: 'ink', maxWidth: 900 },
    { text: courseTitle, x: cx, y: 500, size: 25, font: 'serifBold', color: 'ink', maxWidth: 940, userText: true },
    { text: labels.verse, x: cx, y: 540, size: 14, font: 'serifItalic', color: 'muted', maxWidth: 940 },
    { text: labels.verseRef, x: cx, y: 560, size: 12, font: 'sans', color: 'muted' },
    { text: dateText, x: cx - 261, y: 648, size: 19, font: 'serifBold', color: 'ink', maxWidth: 200 },
    { text: labels.dateLabel, x: cx - 261, y: 678, size: 13, font: 'sans', color: 'muted', maxWidth: 200 },
    { text: labels.signature, x: cx + 261, y: 648, size: 21, font: 'serifItalic', color: 'purple', maxWidth: 200 },
    { text: labels.signatureLabel, x: cx + 261, y: 678, size: 13, font: 'sans', color: 'muted', maxWidth: 200 },
    { text: labels.sealTop, x: seal.x, y: seal.y + 6, size: 30, font: 'serifBold', color: 'paper' },
    { text: labels.sealBottom, x: seal.x, y: seal.y + 24, size: 9, font: 'sansBold', color: 'goldLight', spacing: 1.5, maxWidth: 70 },
    { text: labels.verifyLine, x: cx, y: 728, size: 12, font: 'sans', color: 'muted', maxWidth: 760 },
  ];
  const qr = qrPath(verificationUrl);
  return { shapes, texts, qr: { x: 940, y: 612, size: qrSize, ...qr } };
}

/** Font size that keeps an estimated line within maxWidth (the PDF measures exactly instead). */
export function estimatedSize(t: CertText): number {
  if (!t.maxWidth) return t.size;
  const perChar = t.font.startsWith('sans') ? 0.55 : 0.52;
  const width = t.text.length * (t.size * perChar + (t.spacing ?? 0));
  return width > t.maxWidth ? Math.max(8, (t.size * t.maxWidth) / width) : t.size;
}
