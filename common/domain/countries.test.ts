import { describe, expect, it } from 'vitest';

import { countries, countryNameIn, isCountryName, localizedCountries } from './countries.ts';

describe('WatchMoms country list', () => {
  it('has about 190 countries with unique codes and names, including both Koreas', () => {
    expect(countries.length).toBeGreaterThanOrEqual(185);
    expect(countries.length).toBeLessThanOrEqual(200);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    expect(isCountryName('Korea, North')).toBe(true);
    expect(isCountryName('Korea, South')).toBe(true);
    expect(isCountryName('Atlantis')).toBe(false);
  });

  it('shows names in the active language, sorted for it, keeping the English name as the value', () => {
    const en = localizedCountries('en');
    expect(en[0]).toEqual({ name: 'Afghanistan', label: 'Afghanistan' });
    const fr = localizedCountries('fr');
    expect(fr).toHaveLength(countries.length);
    expect(fr.find((c) => c.name === 'Germany')!.label).toBe('Allemagne');
    expect(fr.find((c) => c.name === 'Korea, North')!.label).toBe('Corée du Nord');
    const labels = fr.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('fr').compare));
  });
});

describe("a stored country in the reader's language", () => {
  it('translates names from the list and leaves others alone', () => {
    expect(countryNameIn('Germany', 'fr')).toBe('Allemagne');
    expect(countryNameIn('Germany', 'en')).toBe('Germany');
    expect(countryNameIn('Other', 'fr')).toBe('Other');
  });
});
