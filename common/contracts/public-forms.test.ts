import { describe, expect, it } from 'vitest';

import {
  callbackForm,
  callbackRequestBody,
  emptyWatchmomsForm,
  toCallbackRequest,
  toWatchmomsApplication,
  watchmomsApplicationBody,
  watchmomsForm,
  type WatchmomsFormInput,
} from './public-forms.ts';

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
    expect(problems({ ...filled(), reasonForJoining: 'x'.repeat(19) })).toEqual({
      reasonForJoining: 'Please provide at least 20 characters',
    });
    expect(problems({ ...filled(), reasonForJoining: 'x'.repeat(20) })).toEqual({});
  });

  it('keeps the birthday and street address optional', () => {
    expect(problems(filled())).toEqual({});
    expect(problems({ ...filled(), birthMonth: '4', birthYear: '1980' })).toEqual({});
  });

  it('refuses an impossible birthday once all three parts are chosen, on the day picker, even with other errors', () => {
    expect(problems({ ...filled(), birthMonth: '2', birthDay: '31', birthYear: '1985' })).toEqual({
      birthDay: 'Please choose a date that exists',
    });
    expect(problems({ ...emptyWatchmomsForm, birthMonth: '2', birthDay: '30', birthYear: '1985' })).toHaveProperty(
      'birthDay',
      'Please choose a date that exists',
    );
  });

  it('sends the birthdate only when complete, zero-padded, and leaves out an empty street address', () => {
    const partial = toWatchmomsApplication(watchmomsForm.parse({ ...filled(), birthMonth: '4', birthDay: '', birthYear: '1980' }));
    expect(partial).not.toHaveProperty('birthdate');
    expect(partial).not.toHaveProperty('streetAddress');
    expect(partial).not.toHaveProperty('birthMonth');
    const full = toWatchmomsApplication(
      watchmomsForm.parse({ ...filled(), birthMonth: '4', birthDay: '9', birthYear: '1980', streetAddress: ' 3 Long St ' }),
    );
    expect(full).toMatchObject({ birthdate: '1980-04-09', streetAddress: '3 Long St' });
    // What the form produces is exactly what the server accepts.
    expect(watchmomsApplicationBody.safeParse(full).success).toBe(true);
  });
});

describe('callback rules', () => {
  const preferences = { contactMethod: 'whatsapp', voicemail: 'no', goodTime: ' after 6 pm ', language: 'fr', consent: true } as const;

  it('requires a trimmed name and phone, a category, a way of contact, a voicemail answer and the consent', () => {
    const r = callbackForm.safeParse({
      name: '  ',
      phone: '',
      category: '',
      contactMethod: '',
      voicemail: '',
      goodTime: '',
      language: 'en',
      consent: false,
    });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      name: 'Required',
      phone: 'Required',
      category: 'Please choose a category',
      contactMethod: 'Please choose how we should contact you',
      voicemail: 'Please say whether we may leave a voicemail',
      consent: 'Please agree that the support team may see your request',
    });
    expect(callbackForm.parse({ name: ' Lee ', phone: ' 555 0101 ', category: 'financial', ...preferences })).toEqual({
      name: 'Lee',
      phone: '555 0101',
      category: 'financial',
      contactMethod: 'whatsapp',
      voicemail: 'no',
      goodTime: 'after 6 pm',
      language: 'fr',
      consent: true,
    });
  });

  it('turns the form into the body the server accepts', () => {
    const body = toCallbackRequest(callbackForm.parse({ name: 'Lee', phone: '555 0101', category: 'mental', ...preferences }), 'red');
    expect(body).toEqual({
      name: 'Lee',
      phone: '555 0101',
      category: 'mental',
      scoreBand: 'red',
      contactMethod: 'whatsapp',
      isVoicemailSafe: false,
      goodTime: 'after 6 pm',
      language: 'fr',
      consent: true,
    });
    expect(callbackRequestBody.safeParse(body).success).toBe(true);
  });

  it('refuses a request without the consent, or with an unknown way of contact or language', () => {
    const body = {
      name: 'Lee',
      phone: '5550101',
      category: 'mental',
      contactMethod: 'call',
      isVoicemailSafe: true,
      goodTime: '',
      language: 'en',
      consent: true,
    };
    expect(callbackRequestBody.parse(body).scoreBand).toBe('unknown');
    expect(callbackRequestBody.safeParse({ ...body, consent: false }).success).toBe(false);
    expect(callbackRequestBody.safeParse({ ...body, consent: undefined }).success).toBe(false);
    expect(callbackRequestBody.safeParse({ ...body, contactMethod: 'pigeon' }).success).toBe(false);
    expect(callbackRequestBody.safeParse({ ...body, language: 'xx' }).success).toBe(false);
    expect(callbackRequestBody.safeParse({ ...body, goodTime: 'x'.repeat(101) }).success).toBe(false);
  });
});
