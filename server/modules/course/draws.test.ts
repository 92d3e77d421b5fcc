import { describe, expect, it } from 'vitest';

import { drawQuestions, fitsBank, pausedUntil, RHYTHM, shownKey } from './draws.ts';

const bank = (n: number) => Array.from({ length: n }, () => 4);

describe('drawing questions', () => {
  it('draws 10 distinct questions, each with a permutation of its options', () => {
    const d = drawQuestions(bank(25));
    expect(d).toHaveLength(10);
    expect(new Set(d.map((x) => x.q)).size).toBe(10);
    for (const x of d) expect([...x.o].sort()).toEqual([0, 1, 2, 3]);
  });

  it('asks none of the last draw’s questions when the bank has 20 or more', () => {
    for (const size of [20, 24, 30]) {
      const first = drawQuestions(bank(size));
      const second = drawQuestions(bank(size), first);
      expect(
        second.filter((x) => first.some((p) => p.q === x.q)),
        `bank of ${size}`,
      ).toEqual([]);
    }
  });

  it('asks the others first in a smaller bank, and shows a repeated question’s options in a new order', () => {
    const first = drawQuestions(bank(14));
    const second = drawQuestions(bank(14), first);
    const again = second.filter((x) => first.some((p) => p.q === x.q));
    expect(again).toHaveLength(6);
    for (const x of again) expect(x.o).not.toEqual(first.find((p) => p.q === x.q)!.o);
    const whole = drawQuestions(bank(9), drawQuestions(bank(9)));
    expect(whole.map((x) => x.q).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('is not predictable: 200 draws of a 25-question bank ask every question and start with many different ones', () => {
    const draws = Array.from({ length: 200 }, () => drawQuestions(bank(25)));
    expect(new Set(draws.flatMap((d) => d.map((x) => x.q))).size).toBe(25);
    expect(new Set(draws.map((d) => d[0]!.q)).size).toBeGreaterThan(15);
    expect(new Set(draws.map((d) => d[0]!.o.join(''))).size).toBeGreaterThan(15);
  });

  it('maps the key through the shown order, and tells a draw that no longer fits its bank', () => {
    const draw = [
      { q: 2, o: [3, 0, 1, 2] },
      { q: 0, o: [1, 2, 3, 0] },
      { q: 1, o: [0, 1, 2, 3] },
    ];
    // Bank key: question 0 → option 2, question 1 → option 0, question 2 → option 1.
    expect(shownKey(draw, [2, 0, 1])).toEqual([2, 1, 0]);
    expect(fitsBank(draw, [4, 4, 4])).toBe(true);
    expect(fitsBank(draw, [4, 4, 3])).toBe(false);
    expect(fitsBank(draw.slice(0, 2), [4, 4, 4])).toBe(false);
    expect(fitsBank(drawQuestions(bank(12)), bank(12))).toBe(true);
    expect(fitsBank(drawQuestions(bank(12)), bank(13))).toBe(true);
    expect(fitsBank(drawQuestions(bank(12)), bank(8))).toBe(false);
  });
});

describe('the pause after failed attempts', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (min: number) => new Date(now.getTime() - min * 60_000);
  it('starts at the 3rd fail within a day and lasts an hour from the latest', () => {
    expect(pausedUntil(RHYTHM.failsBeforePause - 1, ago(1), now)).toBeNull();
    expect(pausedUntil(RHYTHM.failsBeforePause, ago(10), now)).toEqual(new Date(ago(10).getTime() + RHYTHM.pauseMs));
    expect(pausedUntil(5, ago(61), now)).toBeNull();
    expect(pausedUntil(0, null, now)).toBeNull();
  });
});
