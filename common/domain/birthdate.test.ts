import { describe, expect, it } from 'vitest';

import { assembleBirthdate, BIRTH_YEAR_CHOICES, birthdateProblem, birthDays, birthMonths, birthYears, isRealDate } from './birthdate.ts';

describe('birthday pickers', () => {
  it('offer 12 months, days 1 to 31, and 100 years from this year back', () => {
    expect(birthMonths).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(birthDays[0]).toBe(1);
    expect(birthDays.at(-1)).toBe(31);
    expect(birthDays).toHaveLength(31);
    const years = birthYears(new Date(2025, 5, 1));
    expect(years).toHaveLength(BIRTH_YEAR_CHOICES);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1926);
  });
});

describe('assembleBirthdate', () => {
  it('zero-pads month and day into YYYY-MM-DD', () => {
    expect(assembleBirthdate({ birthMonth: '3', birthDay: '7', birthYear: '2009' })).toBe('2009-03-07');
    expect(assembleBirthdate({ birthMonth: '12', birthDay: '25', birthYear: '1980' })).toBe('1980-12-25');
  });

  it('sends nothing unless month, day and year are all chosen', () => {
    expect(assembleBirthdate({ birthMonth: '', birthDay: '', birthYear: '' })).toBeUndefined();
    expect(assembleBirthdate({ birthMonth: '3', birthDay: '7', birthYear: '' })).toBeUndefined();
    expect(assembleBirthdate({ birthMonth: '', birthDay: '7', birthYear: '2009' })).toBeUndefined();
    expect(assembleBirthdate({ birthMonth: '3', birthDay: '', birthYear: '2009' })).toBeUndefined();
  });
});

describe('isRealDate and birthdateProblem', () => {
  it('knows month lengths and leap years', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(1900, 2, 29)).toBe(false);
    expect(isRealDate(2023, 2, 31)).toBe(false);
    expect(isRealDate(2023, 4, 31)).toBe(false);
    expect(isRealDate(2023, 12, 31)).toBe(true);
    expect(isRealDate(2023, 13, 1)).toBe(false);
    expect(isRealDate(2023, 0, 1)).toBe(false);
  });

  const today = new Date(2025, 5, 15);
  it('refuses 31 February, future dates, years before 1900 and other formats, with a message', () => {
    expect(birthdateProblem('2010-02-31', today)).toBe('Please choose a date that exists');
    expect(birthdateProblem('2025-06-16', today)).toBe('Your birthday cannot be in the future');
    expect(birthdateProblem('1899-12-31', today)).toBe('Please choose a year from 1900 on');
    expect(birthdateProblem('2010-2-3', today)).toBe('Use the form YYYY-MM-DD');
    expect(birthdateProblem('03/02/2010', today)).toBe('Use the form YYYY-MM-DD');
  });

  it('accepts real dates up to today', () => {
    expect(birthdateProblem('2025-06-15', today)).toBeNull();
    expect(birthdateProblem('1900-01-01', today)).toBeNull();
    expect(birthdateProblem('2008-02-29', today)).toBeNull();
  });
});
