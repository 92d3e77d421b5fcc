import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// @ts-expect-error: a plain JavaScript build script, without type declarations
import { pickEmergencyNumbers, timeZoneCountriesSource } from '../../scripts/generate-crisis-data.mjs';
import {
  countriesWithoutVerifiedLine,
  crisisCountries,
  crisisEntries,
  crisisLines,
  crisisLinesFor,
  emergencyNumberFor,
  emergencyNumbers,
  guessCrisisRegion,
  guessCrisisRegionWithSource,
  hasVerifiedLines,
  isCrisisLineStale,
  staleCrisisEntries,
  staleCrisisLines,
} from './crisis-lines.ts';
import { countryEmergencyNumbers } from './emergency-numbers.ts';

const numbers = (region: string) => crisisLinesFor(region).map((l) => l.display);
const today = new Date('2026-11-27T12:00:00Z');

describe('crisis directory', () => {
  it('has the verified lines of issue 23 for each country, main line first', () => {
    expect(numbers('US')).toEqual(['988', '1-800-422-4453']);
    expect(numbers('CA')).toEqual(['9-8-8', '1-800-668-6868']);
    expect(numbers('FR')).toEqual(['3114', '0 800 235 236', '119']);
    expect(numbers('BE')).toEqual(['0800 32 123', '1813', '103']);
    expect(numbers('CH')).toEqual(['143', '147']);
    expect(numbers('LU')).toEqual(['45 45 45', '116 111']);
    expect(numbers('GB')).toEqual(['116 123', '85258', '0800 1111']);
    expect(numbers('IE')).toEqual(['116 123', '1800 66 66 66']);
    expect(numbers('AU')).toEqual(['13 11 14', '1800 55 1800']);
    expect(numbers('NZ')).toEqual(['1737', '0800 376 633']);
    expect(numbers('KE')).toEqual(['116']);
    expect(numbers('ZA')).toEqual(['0800 567 567', '116']);
    expect(numbers('PH')).toEqual(['1553']);
    expect(numbers('IN')).toEqual(['14416', '1098']);
    expect(numbers('BR')).toEqual(['188']);
    expect(numbers('CI')).toEqual(['116']);
    expect(numbers('CM')).toEqual(['116']);
    expect(numbers('international')).toEqual(['findahelpline.com']);
    // Canada's former 10-digit line was replaced by 9-8-8 and could not be confirmed to answer.
    expect(crisisLines.some((l) => l.display === '1-833-456-4566')).toBe(false);
  });

  it('gives Kids Help Phone its own text number, and says where a line costs something', () => {
    const khp = crisisLinesFor('CA')[1]!;
    expect(khp.actions).toEqual([
      { kind: 'call', href: 'tel:+18006686868' },
      { kind: 'text', href: 'sms:686868?body=CONNECT', number: '686868' },
    ]);
    expect(crisisLinesFor('CH')[0]!.isFree).toBe(false);
    expect(crisisLinesFor('CH')[1]!.isFree).toBe(true);
    expect(crisisLinesFor('AU')[0]!.isFree).toBeUndefined();
  });

  it('marks a child-protection line where one was verified', () => {
    const childLine = (region: string) =>
      crisisLinesFor(region)
        .filter((l) => l.topics?.includes('child-protection'))
        .map((l) => l.display);
    expect(childLine('FR')).toEqual(['119']);
    expect(childLine('GB')).toEqual(['0800 1111']);
    expect(childLine('US')).toEqual(['1-800-422-4453']);
    expect(childLine('CI')).toEqual(['116']);
    expect(childLine('BR')).toEqual([]);
  });

  it('has no line for the countries where none could be verified, and says which they are', () => {
    for (const code of countriesWithoutVerifiedLine) {
      expect(hasVerifiedLines(code)).toBe(false);
      expect(emergencyNumberFor(code)).not.toBeNull();
    }
    expect(hasVerifiedLines('FR')).toBe(true);
    expect(hasVerifiedLines('international')).toBe(false);
  });

  it('gives every entry a source and a check less than 12 months old (re-verify, then update the date)', () => {
    for (const entry of crisisEntries()) {
      expect(entry.source, entry.id).toMatch(/^https?:\/\/\S+$/);
      expect(entry.lastVerified, entry.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(new Date(entry.lastVerified).getTime()), entry.id).toBe(false);
      expect(isCrisisLineStale(entry, new Date()), `${entry.id} was last checked on ${entry.lastVerified}`).toBe(false);
    }
    for (const line of crisisLines) expect(line.actions.length, line.id).toBeGreaterThan(0);
    expect(new Set(crisisLines.map((l) => l.id)).size).toBe(crisisLines.length);
  });

  it('calls an entry stale once its check is more than 12 months old, and lists the stale ones oldest first', () => {
    const line = { lastVerified: '2026-11-27' };
    expect(isCrisisLineStale(line, new Date('2027-11-27T12:00:00Z'))).toBe(false);
    expect(isCrisisLineStale(line, new Date('2027-11-28T00:00:00Z'))).toBe(true);
    expect(staleCrisisEntries(today)).toEqual([]);
    const old = [{ ...crisisLines[0]!, lastVerified: '2024-01-02' }, { ...crisisLines[1]!, lastVerified: '2023-05-01' }, crisisLines[2]!];
    expect(staleCrisisLines(today, old).map((l) => l.lastVerified)).toEqual(['2023-05-01', '2024-01-02']);
    const stale = staleCrisisEntries(new Date('2028-01-01T00:00:00Z'));
    expect(stale.map((e) => e.kind)).toEqual(expect.arrayContaining(['line', 'emergency', 'emergencyTable']));
    expect(stale[0]!.lastVerified <= stale.at(-1)!.lastVerified).toBe(true);
  });
});

describe('emergency numbers', () => {
  it('has a number for every country of the picker, so no screen is without one', () => {
    expect(crisisCountries.length).toBeGreaterThan(230);
    for (const code of crisisCountries) {
      const e = emergencyNumberFor(code);
      expect(e, code).not.toBeNull();
      expect(e!.display, code).toMatch(/^\d{2,5}$/);
      expect(e!.href).toBe(`tel:${e!.display}`);
    }
    expect(emergencyNumberFor('international')).toBeNull();
    expect(emergencyNumbers.international).toBeUndefined();
  });

  it('has the numbers checked by hand for the countries our people live in', () => {
    const shown = (code: string) => emergencyNumberFor(code)!.numbers.map((n) => n.display);
    expect(shown('CH')).toEqual(['112', '144', '117']);
    expect(shown('FR')).toEqual(['112', '15', '17']);
    expect(shown('US')).toEqual(['911']);
    expect(shown('GB')).toEqual(['999']);
    expect(shown('AU')).toEqual(['000', '112']);
    expect(shown('PH')).toEqual(['911']);
    expect(shown('NG')).toEqual(['112']);
    expect(shown('BR')).toEqual(['192', '190']);
    expect(shown('SN')).toEqual(['17', '18']);
    expect(countryEmergencyNumbers.CH!.isCheckedByHand).toBe(true);
    // Not checked one by one: the generated table, with libphonenumber as its source.
    expect(countryEmergencyNumbers.DE).toMatchObject({ numbers: ['112', '110'], isCheckedByHand: false });
    expect(countryEmergencyNumbers.DE!.source).toContain('libphonenumber');
  });

  it('keeps the general numbers first and leaves out local ranges and old leading-zero codes', () => {
    expect(pickEmergencyNumbers(['112', '911'])).toEqual(['911', '112']);
    expect(pickEmergencyNumbers(['112', '000', '106'])).toEqual(['000', '112', '106']);
    expect(pickEmergencyNumbers(['18', '1300', '1301', '1302', '1303', '1730'])).toEqual(['18', '1730']);
    expect(pickEmergencyNumbers(['01', '02', '03', '101', '102', '103', '112'])).toEqual(['112', '101', '102']);
  });
});

describe('the country, from the profile, the time zone, or the language', () => {
  it('maps the time zones of the issue to their country, aliases included', () => {
    const zone = (timeZone: string, languages = ['en-US']) => guessCrisisRegion({ languages, timeZone });
    expect(zone('Africa/Lagos')).toBe('NG');
    expect(zone('Africa/Accra')).toBe('GH');
    expect(zone('Africa/Johannesburg')).toBe('ZA');
    expect(zone('Asia/Manila')).toBe('PH');
    expect(zone('Asia/Kolkata')).toBe('IN');
    expect(zone('Asia/Calcutta')).toBe('IN');
    expect(zone('America/Sao_Paulo')).toBe('BR');
    expect(zone('Africa/Nairobi', ['en-GB'])).toBe('KE');
    for (const [timeZone, country] of [
      ['Africa/Abidjan', 'CI'],
      ['Africa/Douala', 'CM'],
      ['Africa/Dakar', 'SN'],
      ['Africa/Kinshasa', 'CD'],
      ['America/Port-au-Prince', 'HT'],
      ['Europe/Brussels', 'BE'],
      ['Europe/Zurich', 'CH'],
    ] as const)
      expect(zone(timeZone, ['fr-FR'])).toBe(country);
    expect(zone('Europe/Paris')).toBe('FR');
    expect(zone('America/Indiana/Indianapolis')).toBe('US');
    expect(zone('Pacific/Auckland')).toBe('NZ');
    expect(zone('Europe/Luxembourg', ['fr-FR'])).toBe('LU');
    expect(zone('America/Montreal', ['fr-FR'])).toBe('CA');
    expect(zone('Indian/Reunion', ['fr-FR'])).toBe('RE');
    expect(guessCrisisRegionWithSource({ languages: ['fr-FR'], timeZone: 'Europe/Zurich' })).toEqual({ region: 'CH', source: 'timeZone' });
  });

  it('takes the language region only when the time zone names no country, and otherwise asks', () => {
    expect(guessCrisisRegionWithSource({ languages: ['fr-CA', 'en'], timeZone: 'UTC' })).toEqual({ region: 'CA', source: 'language' });
    expect(guessCrisisRegionWithSource({ languages: ['de-DE', 'en-GB'], timeZone: undefined })).toEqual({
      region: 'DE',
      source: 'language',
    });
    expect(guessCrisisRegion({ languages: ['en-UK'], timeZone: 'Etc/GMT+3' })).toBe('GB');
    expect(guessCrisisRegionWithSource({ languages: ['fr'], timeZone: 'Etc/UTC' })).toEqual({ region: 'international', source: 'none' });
    expect(guessCrisisRegion({ languages: ['not a tag!'], timeZone: undefined })).toBe('international');
    expect(guessCrisisRegion({ languages: [], timeZone: undefined })).toBe('international');
    // A zone in a country without a known emergency number: asked, not a neighbour's lines.
    expect(guessCrisisRegion({ languages: ['fr-FR'], timeZone: 'Africa/Conakry' })).toBe('international');
  });

  it("lets a signed-in person's own country win over the time zone and the language", () => {
    expect(guessCrisisRegionWithSource({ languages: ['en-US'], timeZone: 'America/New_York', profileCountry: 'KE' })).toEqual({
      region: 'KE',
      source: 'profile',
    });
    expect(guessCrisisRegion({ languages: ['en-US'], timeZone: 'America/New_York', profileCountry: 'ht' })).toBe('HT');
    expect(guessCrisisRegion({ languages: ['en-US'], timeZone: 'America/New_York', profileCountry: null })).toBe('US');
    expect(guessCrisisRegion({ languages: ['en-US'], timeZone: 'America/New_York', profileCountry: 'XX' })).toBe('US');
  });

  it('uses a table generated from the tz database for every zone, up to date with its package', () => {
    expect(readFileSync(new URL('./time-zone-countries.ts', import.meta.url), 'utf8')).toBe(timeZoneCountriesSource());
  });
});
