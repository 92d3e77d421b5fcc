import { describe, expect, it } from 'vitest';
import { crisisLines, crisisLinesFor, crisisRegions, emergencyNumbers, guessCrisisRegion, isCrisisLineStale, staleCrisisLines } from './crisis-lines.ts';

describe('crisis directory', () => {
  it('has the lines of issue 11 for each country, and a directory for the others', () => {
    const numbers = (region: (typeof crisisRegions)[number]) => crisisLinesFor(region).map((l) => l.display);
    expect(numbers('US')).toEqual(['988']);
    expect(numbers('CA')).toEqual(['9-8-8', '1-833-456-4566']);
    expect(numbers('FR')).toEqual(['3114', '0 800 235 236']);
    expect(numbers('GB')).toEqual(['116 123']);
    expect(numbers('AU')).toEqual(['13 11 14']);
    expect(numbers('international')).toEqual(['findahelpline.com']);
    expect(crisisLinesFor('US')[0]!.actions.map((a) => a.kind)).toEqual(['call', 'text', 'chat']);
    expect(crisisLinesFor('CA')[0]!.actions.map((a) => a.kind)).toEqual(['call', 'text']);
    expect(crisisLinesFor('CA')[0]!.languages).toEqual(['en', 'fr']);
    expect(crisisLinesFor('FR')[1]!.ages).toEqual([12, 25]);
    expect(emergencyNumbers.FR?.display).toBe('15');
    expect(emergencyNumbers.international).toBeNull();
  });

  it('gives every line a valid verification date and a source', () => {
    for (const line of crisisLines) {
      expect(line.lastVerified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(line.lastVerified).getTime())).toBe(false);
      expect(line.source).toMatch(/^https:\/\//);
      expect(line.actions.length).toBeGreaterThan(0);
    }
  });

  it('calls a line stale once its check is more than 12 months old', () => {
    const line = { lastVerified: '2026-11-23' };
    expect(isCrisisLineStale(line, new Date('2027-11-23T12:00:00Z'))).toBe(false);
    expect(isCrisisLineStale(line, new Date('2027-11-24T00:00:00Z'))).toBe(true);
    expect(staleCrisisLines(new Date('2026-11-23T00:00:00Z'))).toEqual([]);
    const old = [{ ...crisisLines[0]!, lastVerified: '2024-01-02' }, { ...crisisLines[1]!, lastVerified: '2023-05-01' }, crisisLines[2]!];
    expect(staleCrisisLines(new Date('2026-11-23T00:00:00Z'), old).map((l) => l.lastVerified)).toEqual(['2023-05-01', '2024-01-02']);
  });
});

describe('the country guessed from the browser', () => {
  it('prefers the time zone: where the person is decides what they can dial', () => {
    expect(guessCrisisRegion({ languages: ['en-US'], timeZone: 'Europe/Paris' })).toBe('FR');
    expect(guessCrisisRegion({ languages: ['fr-FR'], timeZone: 'America/Toronto' })).toBe('CA');
    expect(guessCrisisRegion({ languages: ['en'], timeZone: 'America/Indiana/Indianapolis' })).toBe('US');
    expect(guessCrisisRegion({ languages: ['en'], timeZone: 'Australia/Sydney' })).toBe('AU');
    expect(guessCrisisRegion({ languages: ['en'], timeZone: 'Europe/London' })).toBe('GB');
    expect(guessCrisisRegion({ languages: ['fr'], timeZone: 'Indian/Reunion' })).toBe('FR');
  });

  it('falls back on the language region, then on "another country"', () => {
    expect(guessCrisisRegion({ languages: ['fr-CA', 'en'], timeZone: 'UTC' })).toBe('CA');
    expect(guessCrisisRegion({ languages: ['de-DE', 'en-GB'], timeZone: undefined })).toBe('GB');
    expect(guessCrisisRegion({ languages: ['fr'], timeZone: 'Africa/Kinshasa' })).toBe('international');
    expect(guessCrisisRegion({ languages: ['not a tag!'], timeZone: 'Europe/Berlin' })).toBe('international');
    expect(guessCrisisRegion({ languages: [], timeZone: undefined })).toBe('international');
  });
});
