import { randomBytes } from 'node:crypto';

/**
 * `byteCount` random bytes written 5 bits a character in `alphabet` (32 characters), in groups of four
 * joined by dashes: codes people read or type (certificate codes, recovery codes).
 */
export function randomGroupedCode(byteCount: number, alphabet: string): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of randomBytes(byteCount)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{1,4}/g)!.join('-');
}
