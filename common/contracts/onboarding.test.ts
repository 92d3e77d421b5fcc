import { describe, expect, it } from 'vitest';

import { onboardingBody, onboardingCountries, onboardingForm, toOnboardingBody, type OnboardingFormInput } from './onboarding.ts';

const empty: OnboardingFormInput = {
  firstName: '',
  lastName: '',
  mentorName: '',
  foundOnOwn: false,
  phone: '',
  address: '',
  country: '',
  churchDenomination: '',
  pastorName: '',
  birthMonth: '',
  birthDay: '',
  birthYear: '',
};
const filled = (): OnboardingFormInput => ({
  ...empty,
  firstName: ' Léa ',
  lastName: 'Moreau',
  mentorName: 'Paul Étienne',
  phone: '06 12 34 56 78',
  address: '8 rue des Lilas\n75011 Paris',
  country: 'France',
  churchDenomination: 'Protestante évangélique',
  pastorName: 'Pasteur Marc Lefèvre',
});

describe('onboarding form rules (spec section 5)', () => {
  it('requires every profile field', () => {
    const r = onboardingForm.safeParse(empty);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      mentorName: "Please enter your ambassador's name (required)",
      phone: 'Please enter a valid phone number',
      address: 'Required',
      country: 'Please choose your country',
      churchDenomination: 'Required',
      pastorName: 'Required',
    });
  });

  it('treats spaces as empty and trims what it sends', () => {
    expect(onboardingForm.safeParse({ ...filled(), pastorName: '   ' }).success).toBe(false);
    const body = toOnboardingBody(onboardingForm.parse(filled()));
    expect(body.firstName).toBe('Léa');
    expect(body).not.toHaveProperty('birthdate');
    expect(onboardingBody.safeParse(body).success).toBe(true);
  });

  it('asks for a mentor name unless they found this on their own, and then sends none', () => {
    expect(onboardingForm.safeParse({ ...filled(), mentorName: ' ' }).error!.issues.map((i) => i.path[0])).toEqual(['mentorName']);
    const body = toOnboardingBody(onboardingForm.parse({ ...filled(), mentorName: '', foundOnOwn: true }));
    expect(body).not.toHaveProperty('mentorName');
    expect(onboardingBody.safeParse(body).success).toBe(true);
    // A name typed before ticking the box is not sent either.
    expect(toOnboardingBody(onboardingForm.parse({ ...filled(), foundOnOwn: true }))).not.toHaveProperty('mentorName');
    expect(toOnboardingBody(onboardingForm.parse(filled())).mentorName).toBe('Paul Étienne');
  });

  it('sends a complete birthday as YYYY-MM-DD and refuses 31 February', () => {
    expect(toOnboardingBody(onboardingForm.parse({ ...filled(), birthMonth: '1', birthDay: '5', birthYear: '2008' })).birthdate).toBe(
      '2008-01-05',
    );
    const r = onboardingForm.safeParse({ ...filled(), birthMonth: '2', birthDay: '31', birthYear: '2008' });
    expect(r.error!.issues.map((i) => [i.path[0], i.message])).toEqual([['birthDay', 'Please choose a date that exists']]);
  });

  it('offers the 15 countries of the spec, ending with Other', () => {
    expect(onboardingCountries).toHaveLength(15);
    expect(onboardingCountries[0]).toBe('United States');
    expect(onboardingCountries.at(-1)).toBe('Other');
    expect(onboardingForm.safeParse({ ...filled(), country: 'Spain' }).success).toBe(false);
  });
});
