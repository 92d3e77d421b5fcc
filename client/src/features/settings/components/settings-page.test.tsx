import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { buildCurrentUser } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

const CURRENT_USER = '/api/auth/user';
/** Every test renders the whole page, the security section's sessions list included. */
const stubPage = () => stubApi().on('GET', '/api/account/sessions', { json: { sessions: [] } });

describe('the settings page', () => {
  it('shows the account email and whether it is verified', async () => {
    stubPage().on('GET', CURRENT_USER, { json: buildCurrentUser({ email: 'miriam@example.org', isEmailVerified: false }) });
    renderWithApp(<SettingsPage />, { path: '/settings' });
    const prefs = within(await screen.findByRole('heading', { name: 'Preferences' }).then((h) => h.closest('[data-testid=settings-preferences]') as HTMLElement));
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
});
