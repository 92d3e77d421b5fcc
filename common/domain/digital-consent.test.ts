import { describe, expect, it } from 'vitest';
import { ageFromBirthMonth, ageOfDigitalConsent, BIRTH_MONTH_IN_FUTURE, BIRTH_MONTH_TOO_EARLY, birthMonthProblem, needsParentalConsent } from './digital-consent.ts';

const today = new Date('2026-11-23T12:00:00Z');

describe('age of digital consent', () => {
  it('follows the table and defaults to 16', () => {
    expect([ageOfDigitalConsent('FR'), ageOfDigitalConsent('DE'), ageOfDigitalConsent('IE'), ageOfDigitalConsent('NL')]).toEqual([15, 16, 16, 16]);
    expect([ageOfDigitalConsent('BE'), ageOfDigitalConsent('DK'), ageOfDigitalConsent('US'), ageOfDigitalConsent('CA')]).toEqual([13, 13, 13, 13]);
    expect(ageOfDigitalConsent('NG')).toBe(16);
    expect(ageOfDigitalConsent('fr')).toBe(15);
  });

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
