import { describe, expect, it } from 'vitest';

import { ambassadorsFor, scoreBands, shouldShowHotlines, supportAmbassadors, supportCategories } from './support.ts';

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
