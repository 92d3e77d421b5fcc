import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { buildCurrentUser, buildMfaStatus, buildSessionItem } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { SecuritySection } from './security-section.tsx';

const SESSIONS = '/api/account/sessions';
const MFA = '/api/account/mfa';

describe('the security section of the settings', () => {
  it('changes the password with the current one and says how many other devices were signed out', async () => {
    const api = stubApi()
      .on('GET', MFA, { json: buildMfaStatus() })
      .on('GET', SESSIONS, { json: { sessions: [buildSessionItem({ isCurrent: true })] } })
      .on('POST', '/api/account/password', { json: { ended: 2 } });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    await user.type(screen.getByLabelText('Current password'), 'my old passphrase');
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed. 2 other devices were signed out.');
    expect(api.calls('POST', '/api/account/password')[0]!.body).toEqual({
      currentPassword: 'my old passphrase',
      newPassword: 'a brand new passphrase',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says when the current password is wrong, and checks the new one before sending', async () => {
    const api = stubApi()
      .on('GET', MFA, { json: buildMfaStatus() })
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

  it("says why the new password is refused, in the reader's language (issue 24, item 7)", async () => {
    stubApi()
      .on('GET', MFA, { json: buildMfaStatus() })
      .on('GET', SESSIONS, { json: { sessions: [] } })
      .on('POST', '/api/account/password', { status: 400, json: { code: 'WEAK_PASSWORD', message: 'server words', reason: 'guessable' } });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    await user.type(screen.getByLabelText('Current password'), 'my old passphrase');
    await user.type(screen.getByLabelText('New password'), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/This password would be too easy to guess/)).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    try {
      expect(await screen.findByText(/Ce mot de passe serait trop facile à deviner/)).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('lists the sessions with their device, marks this one, and signs out another or all the others', async () => {
    const phone = buildSessionItem({ browser: 'Chrome', os: 'Android', isMobile: true });
    const current = buildSessionItem({ browser: 'Safari', os: 'macOS', isCurrent: true });
    let sessions = [current, phone];
    const api = stubApi()
      .on('GET', MFA, { json: buildMfaStatus() })
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
    await screen.findByText(
      (_, el) =>
        el?.getAttribute('data-testid') === 'security-sessions' && within(el as HTMLElement).queryAllByRole('listitem').length === 1,
    );
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });

  it('sets up two-step verification: QR code and key, a code from the app, then the recovery codes once', async () => {
    let status = buildMfaStatus({ isRequired: true });
    const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mnop-qrst-uv${String.fromCharCode(97 + i)}x`);
    const api = stubApi()
      .on('GET', SESSIONS, { json: { sessions: [] } })
      .on('GET', MFA, () => ({ json: status }))
      .on('POST', '/api/account/mfa/totp/setup', {
        json: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        },
      })
      .on('POST', '/api/account/mfa/totp/confirm', () => {
        status = buildMfaStatus({ isRequired: true, isEnabled: true, isSessionVerified: true, recoveryCodesLeft: 10 });
        return { json: { recoveryCodes: codes } };
      })
      .on('GET', '/api/auth/user', { json: buildCurrentUser({ role: 'admin' }) });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser({ role: 'admin' })} />);
    expect(await screen.findByText('Your role needs two-step verification: set it up to open the admin console.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
    expect(await screen.findByRole('img', { name: 'QR code to scan with an authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('6-digit code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(api.calls('POST', '/api/account/mfa/totp/confirm')[0]!.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    // An admin cannot turn it off.
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('asks the password again before new recovery codes when the server wants it', async () => {
    let reauthed = false;
    const api = stubApi()
      .on('GET', SESSIONS, { json: { sessions: [] } })
      .on('GET', MFA, { json: buildMfaStatus({ isEnabled: true, recoveryCodesLeft: 3 }) })
      .on('POST', '/api/account/mfa/recovery-codes', () =>
        reauthed ? { json: { recoveryCodes: ['aaaa-bbbb-cccc-dddd-eeee-ffff'] } } : apiError(403, 'REAUTH_REQUIRED'),
      )
      .on('POST', '/api/auth/reauth', () => {
        reauthed = true;
        return { json: { reauthUntil: new Date(Date.now() + 900_000).toISOString() } };
      });
    const { user } = renderWithApp(<SecuritySection user={buildCurrentUser()} />);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Your password'), 'my passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('aaaa-bbbb-cccc-dddd-eeee-ffff')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/reauth')[0]!.body).toEqual({ password: 'my passphrase' });
    expect(api.calls('POST', '/api/account/mfa/recovery-codes')).toHaveLength(2);
  });
});
