import { describe, expect, it } from 'vitest';

import { escapeHtml, foldLine, memoryCardsHtml, nextWeekday, plainText, prayerNightsCalendar } from './downloads.ts';

describe('prayer nights calendar', () => {
  // Wednesday 5 March 2025, 10:00 local time.
  const now = new Date(2025, 2, 5, 10, 0, 0);
  const ics = prayerNightsCalendar({
    title: 'Soirée de prière G.O.D',
    description: 'Prier ensemble, les uns pour les autres; pour nos familles',
    now,
  });
  const unfolded = ics.replace(/\r\n /g, '');

  it('has a weekly Monday and a weekly Thursday event at 8 p.m.', () => {
    expect(unfolded).toContain('BEGIN:VCALENDAR\r\n');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(unfolded).toContain('DTSTART:20250310T200000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(unfolded).toContain('DTSTART:20250306T200000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=TH');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Fixed ids: importing the file twice updates the events instead of duplicating them.
    expect(unfolded).toContain('UID:prayer-night-mo@god-discipleship');
    expect(unfolded).toContain('UID:prayer-night-th@god-discipleship');
  });

  it('escapes commas and semicolons in text and keeps lines within 75 octets', () => {
    expect(unfolded).toContain('DESCRIPTION:Prier ensemble\\, les uns pour les autres\\; pour nos familles');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('finds the next weekday, today included', () => {
    expect(nextWeekday(new Date(2025, 2, 10), 1)).toBe('20250310');
    expect(nextWeekday(new Date(2025, 2, 11), 1)).toBe('20250317');
  });

  it('folds long lines without splitting accented letters', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('printable files', () => {
  it('escapes text in the verse cards page', () => {
    const html = memoryCardsHtml('Cards <1>', 'en', [
      { ref: 'John 3:16', version: 'BSB', text: 'For God so loved the world & "all"', point: 'Love' },
    ]);
    expect(html).toContain('<title>Cards &lt;1&gt;</title>');
    expect(html).toContain('For God so loved the world &amp; &quot;all&quot;');
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;');
  });

  it('writes plain text with a title and blank lines between blocks', () => {
    expect(plainText('Guide', ['One', 'Two'])).toBe('Guide\r\n=====\r\n\r\nOne\r\n\r\nTwo\r\n');
  });
});
