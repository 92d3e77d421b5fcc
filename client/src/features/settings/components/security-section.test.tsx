import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../../test/fetch-stub.ts';
import { buildCurrentUser, buildSessionItem } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SecuritySection } from './security-section.tsx';

const SESSIONS = '/api/account/sessions';

describe('the security section of the settings', () => {
  it('changes the password with the current one and says how many other devices were signed out', async () => {
    const api = stubApi()
      .on('GET', SESSIONS, { json: { sessions: [buildSessionItem({ isCurrent: true })] } })
      .on('POST', '/api/account/password', { json: { ended: 2 } });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    await user.type(screen.getByLabelText('Current password'), 'my old passphrase');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed. 2 other devices were signed out.');
    expect(api.calls('POST', '/api/account/password')[0]!.body).toEqual({ currentPassword: 'my old passphrase', newPassword: 'a brand new passphrase' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says when the current password is wrong, and checks the new one before sending', async () => {
    const api = stubApi()
      .on('GET', SESSIONS, { json: { sessions: [] } })
      .on('POST', '/api/account/password', apiError(400, 'WRONG_PASSWORD'));
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    await user.type(screen.getByLabelText('Current password'), 'my old passphrase');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.calls('POST', '/api/account/password')).toHaveLength(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument();
  });

  it('lists the sessions with their device, marks this one, and signs out another or all the others', async () => {
    const phone = buildSessionItem({ browser: 'Chrome', os: 'Android', isMobile: true });
    const current = buildSessionItem({ browser: 'Safari', os: 'macOS', isCurrent: true });
    let sessions = [current, phone];
    const api = stubApi()
      .on('GET', SESSIONS, () => ({ json: { sessions } }))
      .on('DELETE', `${SESSIONS}/${phone.id}`, () => {
        sessions = [current];
        return { status: 204 };
      })
      .on('DELETE', `${SESSIONS}/others`, { json: { ended: 0 } });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    const list = await screen.findByTestId('security-sessions');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Safari on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('Chrome on Android');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Android' }));
    expect(api.calls('DELETE', `${SESSIONS}/${phone.id}`)).toHaveLength(1);
    await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'security-sessions' && within(el as HTMLElement).queryAllByRole('listitem').length === 1);
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });
});
