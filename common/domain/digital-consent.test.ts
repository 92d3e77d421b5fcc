import { describe, expect, it } from 'vitest';

import {
  ageFromBirthMonth,
  ageOfDigitalConsent,
  BIRTH_MONTH_IN_FUTURE,
  BIRTH_MONTH_TOO_EARLY,
  birthMonthProblem,
  consentAgeRuleFor,
  consentAgeRules,
  DEFAULT_AGE_OF_DIGITAL_CONSENT,
  needsJointConsent,
  needsParentalConsent,
} from './digital-consent.ts';

const today = new Date('2026-11-23T12:00:00Z');

/**
 * Every verified age, written out a second time: a change to the table must be made here too, on
 * purpose, with its source (docs/decisions/062).
 */
const expectedAges: Record<string, number> = {
  AT: 14,
  BE: 13,
  BG: 14,
  CY: 14,
  CZ: 15,
  DE: 16,
  DK: 15,
  EE: 13,
  ES: 14,
  FI: 13,
  FR: 15,
  GR: 15,
  HR: 16,
  HU: 16,
  IE: 16,
  IT: 14,
  LT: 14,
  LU: 16,
  MT: 13,
  NL: 16,
  PL: 16,
  SE: 13,
  SI: 15,
  SK: 16,
  IS: 13,
  LI: 16,
  NO: 18,
  GB: 13,
  US: 13,
  CA: 14,
  'CA-QC': 14,
  NG: 18,
  ZA: 18,
};

/**
 * EU and EEA states, and others, whose age could not be verified (or, for Switzerland, whose law sets
 * none): they keep the default on purpose.
 */
const unverified = ['LV', 'PT', 'RO', 'CH', 'HT', 'DO', 'JM', 'TT', 'KE', 'BR', 'MX'];

describe('the age of digital consent by country', () => {
  it('holds exactly the verified ages', () => {
    expect(Object.fromEntries(Object.entries(consentAgeRules).map(([code, r]) => [code, r.age]))).toEqual(expectedAges);
  });

  it.each(Object.entries(consentAgeRules))('%s names its law, an https source and the day it was verified', (_code, r) => {
    expect(r.law.trim().length).toBeGreaterThan(10);
    expect(new URL(r.source).protocol).toBe('https:');
    expect(r.verifiedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const verified = new Date(`${r.verifiedOn}T00:00:00Z`);
    expect(Number.isNaN(verified.getTime())).toBe(false);
    // Not in the future, and checked again within a year.
    expect(verified.getTime()).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - verified.getTime()).toBeLessThan(366 * 24 * 3600 * 1000);
    expect(r.age).toBeGreaterThanOrEqual(13);
    expect(r.age).toBeLessThanOrEqual(18);
  });

  it('accounts for every EU and EEA state, the UK and Switzerland: verified, or left to the default of 16', () => {
    const europe = [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
      'IS',
      'LI',
      'NO',
      'GB',
      'CH',
    ];
    expect(europe).toHaveLength(32);
    for (const code of europe) expect(code in consentAgeRules || unverified.includes(code), code).toBe(true);
    for (const code of unverified) {
      expect(consentAgeRuleFor(code)).toBeNull();
      expect(ageOfDigitalConsent(code)).toBe(DEFAULT_AGE_OF_DIGITAL_CONSENT);
    }
    expect(DEFAULT_AGE_OF_DIGITAL_CONSENT).toBe(16);
    expect(ageOfDigitalConsent('fr')).toBe(15);
  });

  it('asks a parent below each newly verified age: Malta 13, Lithuania 14, Slovenia 15, Croatia and Poland 16', () => {
    expect(needsParentalConsent(2013, 10, 'MT', today)).toBe(false); // 13
    expect(needsParentalConsent(2013, 10, 'LT', today)).toBe(true); // 13
    expect(needsParentalConsent(2012, 10, 'LT', today)).toBe(false); // 14
    expect(needsParentalConsent(2012, 10, 'SI', today)).toBe(true); // 14
    expect(needsParentalConsent(2011, 10, 'SI', today)).toBe(false); // 15
    expect(needsParentalConsent(2011, 10, 'HR', today)).toBe(true); // 15
    expect(needsParentalConsent(2011, 10, 'PL', today)).toBe(true); // 15
    expect(needsParentalConsent(2010, 10, 'HR', today)).toBe(false); // 16
  });

  it('has Denmark at 15 since 1 January 2024, not 13', () => {
    expect(ageOfDigitalConsent('DK')).toBe(15);
    expect(consentAgeRules.DK!.law).toContain('1 January 2024');
    expect(needsParentalConsent(2012, 10, 'DK', today)).toBe(true); // 14
  });

  it("applies Quebec's 14 to Canada, whose province is not asked", () => {
    expect(ageOfDigitalConsent('CA', 'QC')).toBe(14);
    expect(ageOfDigitalConsent('CA')).toBe(14);
    expect(needsParentalConsent(2012, 10, 'CA', today)).toBe(false); // 14
    expect(needsParentalConsent(2013, 10, 'CA', today)).toBe(true); // 13
  });

  it('asks a Norwegian or Nigerian 17-year-old for a parent: faith data and "child" under 18', () => {
    expect(needsParentalConsent(2009, 10, 'NO', today)).toBe(true);
    expect(needsParentalConsent(2009, 10, 'NG', today)).toBe(true);
    expect(needsParentalConsent(2008, 10, 'ZA', today)).toBe(false); // 18
  });

  it('asks the young person and the parent together in France under 15, nowhere else', () => {
    expect(consentAgeRules.FR!.consentBy).toBe('parent-and-child');
    expect(consentAgeRules.FR!.law).toContain('art. 45');
    expect(
      Object.entries(consentAgeRules)
        .filter(([, r]) => r.consentBy === 'parent-and-child')
        .map(([c]) => c),
    ).toEqual(['FR']);
    expect(needsJointConsent(2011, 11, 'FR', today)).toBe(true); // 14
    expect(needsJointConsent(2011, 10, 'FR', today)).toBe(false); // 15: alone
    expect(needsJointConsent(2013, 11, 'US', today)).toBe(false); // a parent alone
  });
});

describe('age from a month of birth', () => {
  it('counts the birthday month as not reached yet', () => {
    expect(ageFromBirthMonth(2011, 10, today)).toBe(15);
    expect(ageFromBirthMonth(2011, 11, today)).toBe(14);
    expect(ageFromBirthMonth(2011, 12, today)).toBe(14);
  });

  it('asks a parent exactly below the age, at the boundary month', () => {
    expect(needsParentalConsent(2011, 10, 'FR', today)).toBe(false);
    expect(needsParentalConsent(2011, 11, 'FR', today)).toBe(true);
    expect(needsParentalConsent(2013, 10, 'US', today)).toBe(false);
    expect(needsParentalConsent(2013, 11, 'US', today)).toBe(true);
    expect(needsParentalConsent(2011, 10, 'DE', today)).toBe(true);
  });

  it('refuses a month in the future or more than 120 years ago', () => {
    expect(birthMonthProblem(2026, 11, today)).toBeNull();
    expect(birthMonthProblem(2026, 12, today)).toBe(BIRTH_MONTH_IN_FUTURE);
    expect(birthMonthProblem(1906, 11, today)).toBeNull();
    expect(birthMonthProblem(1906, 10, today)).toBe(BIRTH_MONTH_TOO_EARLY);
  });
});
