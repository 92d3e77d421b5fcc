import { describe, expect, it } from 'vitest';

import { formatLongDate, monthName } from './dates.ts';

describe('monthName', () => {
  it('names each month in the interface language, as the birthday pickers show them', () => {
    expect([1, 2, 12].map((m) => monthName(m, 'en'))).toEqual(['January', 'February', 'December']);
    expect([1, 2, 8, 12].map((m) => monthName(m, 'fr'))).toEqual(['janvier', 'février', 'août', 'décembre']);
  });

  it('names months as the dates written elsewhere on screen do', () => {
    expect(formatLongDate('2026-02-14T12:00:00Z', 'fr')).toContain(monthName(2, 'fr'));
    expect(formatLongDate('2026-02-14T12:00:00Z', 'en')).toContain(monthName(2, 'en'));
  });
});
