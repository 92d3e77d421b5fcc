import { describe, expect, it } from 'vitest';
import { ambassadorsFor, hotlines, scoreBands, shouldShowHotlines, supportAmbassadors, supportCategories } from './support.ts';

describe('crisis hotlines card', () => {
  it('shows whenever it is forced', () => {
    for (const category of [...supportCategories, undefined])
      for (const band of scoreBands) expect(shouldShowHotlines({ forced: true, category, band })).toBe(true);
  });

  it('shows for a mental-health request in the red or yellow band only', () => {
    const shown = [];
    for (const category of [...supportCategories, undefined])
      for (const band of scoreBands) if (shouldShowHotlines({ category, band })) shown.push(`${category}/${band}`);
    expect(shown).toEqual(['mental/yellow', 'mental/red']);
  });

  it('lists the five hotlines of the spec', () => {
    expect(hotlines.map((h) => [h.id, h.display])).toEqual([
      ['usa', '988'],
      ['canada', '1-833-456-4566'],
      ['uk', '116 123'],
      ['australia', '13 11 14'],
      ['international', 'befrienders.org'],
    ]);
    expect(hotlines.find((h) => h.id === 'usa')!.href).toBe('tel:988');
  });
});

describe('support ambassadors', () => {
  it('are five: one spiritual, two mental, one emotional, one financial', () => {
    expect(supportAmbassadors).toHaveLength(5);
    expect(supportCategories.map((c) => ambassadorsFor(c).length)).toEqual([1, 2, 1, 1]);
  });

  it('are all listed before a category is chosen, and filtered after', () => {
    expect(ambassadorsFor(undefined)).toHaveLength(5);
    expect(ambassadorsFor('mental').every((a) => a.category === 'mental')).toBe(true);
  });
});
