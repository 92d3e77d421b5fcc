import { encode } from 'uqr';

/**
 * A QR code as one SVG path in module units (1 module = 1 unit), without the quiet zone. Made with
 * `uqr`, the library the server's two-step set-up uses too (docs/decisions/077).
 */
export function qrPath(text: string): { count: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  for (let row = 0; row < size; row++) {
    const line = data[row]!;
    for (let col = 0; col < size; col++) {
      // Runs of dark modules on a row become one rectangle: a shorter path, crisper edges.
      if (!line[col]) continue;
      let end = col;
      while (end + 1 < size && line[end + 1]) end++;
      path += `M${col} ${row}h${end - col + 1}v1h-${end - col + 1}z`;
      col = end;
    }
  }
  return { count: size, path };
}
