import { describe, expect, it } from 'vitest';
import { callbackForm, callbackRequestBody, emptyWatchmomsForm, toWatchmomsApplication, watchmomsApplicationBody, watchmomsForm, type WatchmomsFormInput } from './public-forms.ts';

const filled = (): WatchmomsFormInput => ({
  ...emptyWatchmomsForm,
  fullName: 'Esther Mbeki',
  phone: '+27 21 555 0199',
  country: 'South Africa',
  cityState: 'Cape Town, Western Cape',
  churchAffiliation: 'Methodist',
  reasonForJoining: 'My daughters are teenagers and I want to cover them in prayer with other mothers.',
  consent: true,
});

/** field -> message for every problem the form reports. */
const problems = (input: unknown) => {
  const r = watchmomsForm.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('WatchMoms form rules (spec section 5)', () => {
  it('reports every required field of an empty form with its own message', () => {
    expect(problems(emptyWatchmomsForm)).toEqual({
      fullName: 'Name must be at least 2 characters',
      phone: 'Please enter a valid phone number',
      country: 'Country is required',
      cityState: 'City & State/Province is required',
      churchAffiliation: 'Church affiliation is required',
      reasonForJoining: 'Please provide at least 20 characters',
      consent: 'You must consent to continue',
    });
  });

  it('applies the minimum lengths after trimming, and accepts them exactly', () => {
    expect(problems({ ...filled(), fullName: ' J ' })).toHaveProperty('fullName');
    expect(problems({ ...filled(), fullName: 'Jo' })).toEqual({});
    expect(problems({ ...filled(), phone: '1234' })).toHaveProperty('phone');
    expect(problems({ ...filled(), phone: '12345' })).toEqual({});
    expect(problems({ ...filled(), cityState: 'NY' })).toEqual({});
    expect(problems({ ...filled(), churchAffiliation: 'AG' })).toEqual({});
    expect(problems({ ...filled(), reasonForJoining: 'x'.repeat(19) })).toEqual({ reasonForJoining: 'Please provide at least 20 characters' });
    expect(problems({ ...filled(), reasonForJoining: 'x'.repeat(20) })).toEqual({});
  });

  it('keeps the birthday and street address optional', () => {
    expect(problems(filled())).toEqual({});
    expect(problems({ ...filled(), birthMonth: '4', birthYear: '1980' })).toEqual({});
  });

  it('refuses an impossible birthday once all three parts are chosen, on the day picker, even with other errors', () => {
    expect(problems({ ...filled(), birthMonth: '2', birthDay: '31', birthYear: '1985' })).toEqual({ birthDay: 'Please choose a date that exists' });
    expect(problems({ ...emptyWatchmomsForm, birthMonth: '2', birthDay: '30', birthYear: '1985' })).toHaveProperty('birthDay', 'Please choose a date that exists');
  });

  it('sends the birthdate only when complete, zero-padded, and leaves out an empty street address', () => {
    const partial = toWatchmomsApplication(watchmomsForm.parse({ ...filled(), birthMonth: '4', birthDay: '', birthYear: '1980' }));
    expect(partial).not.toHaveProperty('birthdate');
    expect(partial).not.toHaveProperty('streetAddress');
    expect(partial).not.toHaveProperty('birthMonth');
    const full = toWatchmomsApplication(watchmomsForm.parse({ ...filled(), birthMonth: '4', birthDay: '9', birthYear: '1980', streetAddress: ' 3 Long St ' }));
    expect(full).toMatchObject({ birthdate: '1980-04-09', streetAddress: '3 Long St' });
    // What the form produces is exactly what the server accepts.
    expect(watchmomsApplicationBody.safeParse(full).success).toBe(true);
  });
});

describe('callback rules', () => {
  it('requires a trimmed name and phone and a category', () => {
    const r = callbackForm.safeParse({ name: '  ', phone: '', category: '' });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({ name: 'Required', phone: 'Required', category: 'Please choose a category' });
    expect(callbackForm.parse({ name: ' Lee ', phone: ' 555 0101 ', category: 'financial' })).toEqual({ name: 'Lee', phone: '555 0101', category: 'financial' });
  });

  it('defaults the score band to unknown', () => {
    expect(callbackRequestBody.parse({ name: 'Lee', phone: '5550101', category: 'mental' }).scoreBand).toBe('unknown');
  });
});
