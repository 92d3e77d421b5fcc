import { create } from 'qrcode';

/** A QR code as one SVG path in module units (1 module = 1 unit), without the quiet zone. */
export function qrPath(text: string): { count: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      // Runs of dark modules on a row become one rectangle: a shorter path, crisper edges.
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < n && modules.get(row, end + 1)) end++;
      path += `M${col} ${row}h${end - col + 1}v1h-${end - col + 1}z`;
      col = end;
    }
  }
  return { count: n, path };
}
