import { describe, expect, it } from 'vitest';

import { hiddenIndexes, hideOrder, PRACTICE_LEVELS, tokenize } from './practice.ts';

const verse =
  'For God so loved the world that He gave His one and only Son, that everyone who believes in Him shall not perish but have eternal life.';

describe('scripture practice', () => {
  it('splits a verse into words, punctuation kept with its word', () => {
    expect(tokenize('for all have sinned  and fall short,')).toEqual(['for', 'all', 'have', 'sinned', 'and', 'fall', 'short,']);
  });

  it('hides nothing at level 0, all words at the last level, and more at each level', () => {
    const n = tokenize(verse).length;
    expect(hiddenIndexes(n, 0, 'john316').size).toBe(0);
    expect(hiddenIndexes(n, PRACTICE_LEVELS, 'john316').size).toBe(n);
    const one = hiddenIndexes(n, 1, 'john316');
    const two = hiddenIndexes(n, 2, 'john316');
    expect(one.size).toBe(Math.ceil(n / 3));
    expect([...one].every((i) => two.has(i))).toBe(true);
    expect(two.size).toBeGreaterThan(one.size);
  });

  it('always hides the same words for the same verse, and different ones for another', () => {
    expect(hideOrder(20, 'romans323')).toEqual(hideOrder(20, 'romans323'));
    expect(hideOrder(20, 'romans323')).not.toEqual(hideOrder(20, 'romans623'));
    expect([...hideOrder(20, 'x')].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
