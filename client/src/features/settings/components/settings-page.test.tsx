import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { buildCurrentUser, buildMfaStatus } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import SettingsPage from './settings-page.tsx';

const CURRENT_USER = '/api/auth/user';
const PROFILE = '/api/profile';
const savedProfile = {
  firstName: 'Miriam',
  lastName: 'Prophetess',
  phone: '+33 6 12 34 56 78',
  address: '8 rue des Lilas',
  country: 'France',
  churchDenomination: 'Protestante',
  pastorName: 'Pasteur Marc',
  birthdate: '2008-01-05',
};
/** Every test renders the whole page, the security section's sessions list, the profile and the notification choices included. */
const stubPage = () =>
  stubApi()
    .on('GET', '/api/account/sessions', { json: { sessions: [] } })
    .on('GET', '/api/account/mfa', { json: buildMfaStatus() })
    .on('GET', PROFILE, { json: savedProfile })
    .on('GET', '/api/account/notifications', { json: { email: 'miriam@example.org', encouragement: true, mentorDigest: true } })
    .on('GET', '/api/prayer', { json: { ministryTimeZone: 'Europe/Paris', reminders: null, calendar: null } })
    .on('GET', '/api/safeguarding/concerns', { json: { concerns: [] } });

describe('the settings page', () => {
  it('shows the account email and whether it is verified', async () => {
    stubPage().on('GET', CURRENT_USER, { json: buildCurrentUser({ email: 'miriam@example.org', isEmailVerified: false }) });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const prefs = within(
      await screen
        .findByRole('heading', { name: 'Preferences' })
        .then((h) => h.closest('[data-testid=settings-preferences]') as HTMLElement),
    );
    expect(prefs.getByText('miriam@example.org')).toBeInTheDocument();
    expect(prefs.getByText('Not verified yet')).toBeInTheDocument();
  });

  it('switches the interface language, which is also the language of the mails', async () => {
    stubPage().on('GET', CURRENT_USER, { json: buildCurrentUser() });
    const { user } = renderWithApp(<SettingsPage />, { path: '/settings' });
    await user.selectOptions(await screen.findByLabelText('Language'), 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    expect(i18n.resolvedLanguage).toBe('fr');
  });

  it('switches the theme and keeps the choice', async () => {
    stubPage().on('GET', CURRENT_USER, { json: buildCurrentUser() });
    const { user } = renderWithApp(<SettingsPage />, { path: '/settings' });
    await user.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('edits the profile with the onboarding rules and sends the whole profile', async () => {
    const api = stubPage()
      .on('GET', CURRENT_USER, { json: buildCurrentUser() })
      .on('PUT', PROFILE, { json: { ...savedProfile, lastName: 'Aaron-Sister' } });
    const { user } = renderWithApp(<SettingsPage />, { path: '/settings' });
    const profile = within(await screen.findByTestId('profile-form'));
    expect(profile.getByLabelText('Last name')).toHaveValue('Prophetess');

    await user.clear(profile.getByLabelText("Pastor's name"));
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect(await profile.findByText('Required')).toBeInTheDocument();
    expect(api.calls('PUT', PROFILE)).toEqual([]);

    await user.type(profile.getByLabelText("Pastor's name"), 'Pasteur Marc');
    // happy-dom does not show a select's saved value (Chromium does: e2e/profile.e2e.ts checks it), so they are chosen again here.
    await user.selectOptions(profile.getByLabelText('Country'), 'France');
    await user.selectOptions(profile.getByLabelText('Month'), '1');
    await user.selectOptions(profile.getByLabelText('Day'), '5');
    await user.selectOptions(profile.getByLabelText('Year'), '2008');
    await user.clear(profile.getByLabelText('Last name'));
    await user.type(profile.getByLabelText('Last name'), 'Aaron-Sister');
    await user.click(profile.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findAllByText('Your changes are saved.')).length).toBeGreaterThan(0);
    expect(api.calls('PUT', PROFILE).map((r) => r.body)).toEqual([{ ...savedProfile, lastName: 'Aaron-Sister' }]);
  });
});
