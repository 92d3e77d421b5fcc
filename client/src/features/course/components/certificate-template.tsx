import { useMemo } from 'react';

import {
  CERT_HEIGHT,
  CERT_WIDTH,
  certColors,
  certificateLayout,
  estimatedSize,
  type CertFont,
  type CertificateInput,
} from '../utils/certificate-layout.ts';

const fontFamily: Record<CertFont, { family: string; weight: number; style: 'normal' | 'italic' }> = {
  serif: { family: 'Georgia, "Times New Roman", serif', weight: 400, style: 'normal' },
  serifBold: { family: 'Georgia, "Times New Roman", serif', weight: 700, style: 'normal' },
  serifItalic: { family: 'Georgia, "Times New Roman", serif', weight: 400, style: 'italic' },
  sans: { family: 'ui-sans-serif, system-ui, "Segoe UI", Roboto, Arial, sans-serif', weight: 400, style: 'normal' },
  sansBold: { family: 'ui-sans-serif, system-ui, "Segoe UI", Roboto, Arial, sans-serif', weight: 700, style: 'normal' },
};

/** The certificate as the page shows and prints it (same design as the PDF). Paper-coloured in dark mode too. */
export function CertificateTemplate({ input, title }: { input: CertificateInput; title: string }) {
  const layout = useMemo(() => certificateLayout(input), [input]);
  const { qr } = layout;
  return (
    <svg
      viewBox={`0 0 ${CERT_WIDTH} ${CERT_HEIGHT}`}
      role="img"
      aria-label={title}
      className="certificate-sheet block h-auto w-full"
      data-testid="certificate"
    >
      {layout.shapes.map((s, i) => (
        <path
          key={i}
          d={s.d}
          fill={s.fill ? certColors[s.fill] : 'none'}
          stroke={s.stroke ? certColors[s.stroke] : undefined}
          strokeWidth={s.strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
      {layout.texts.map((t, i) => {
        const f = fontFamily[t.font];
        return (
          <text
            key={i}
            x={t.x}
            y={t.y}
            textAnchor="middle"
            fontFamily={f.family}
            fontWeight={f.weight}
            fontStyle={f.style}
            fontSize={estimatedSize(t)}
            letterSpacing={t.spacing}
            fill={certColors[t.color]}
          >
            {t.text}
          </text>
        );
      })}
      <rect x={qr.x - 4} y={qr.y - 4} width={qr.size + 8} height={qr.size + 8} fill="#ffffff" />
      <path
        d={qr.path}
        transform={`translate(${qr.x} ${qr.y}) scale(${qr.size / qr.count})`}
        fill={certColors.ink}
        shapeRendering="crispEdges"
      />
    </svg>
  );
}
