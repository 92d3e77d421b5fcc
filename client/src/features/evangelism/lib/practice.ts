/** Scripture memory practice: words of a verse are hidden a third at a time, in a fixed order per verse. */

export const PRACTICE_LEVELS = 3;

export const tokenize = (text: string) => text.split(/\s+/).filter(Boolean);

/** A small seeded generator, so a verse always hides its words in the same order. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hashString = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);

/** The order in which a verse's words disappear. */
export function hideOrder(wordCount: number, seedText: string): number[] {
  const order = Array.from({ length: wordCount }, (_, i) => i);
  const random = mulberry32(hashString(seedText));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Indexes hidden at `level` (0 = none, 3 = all); each level hides everything the previous one did, and more. */
export function hiddenIndexes(wordCount: number, level: number, seedText: string): Set<number> {
  const clamped = Math.max(0, Math.min(PRACTICE_LEVELS, level));
  const count = Math.ceil((wordCount * clamped) / PRACTICE_LEVELS);
  return new Set(hideOrder(wordCount, seedText).slice(0, count));
}
