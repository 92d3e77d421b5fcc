import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildDirectoryRow, buildSignedInAdmin } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { ManageUserDialog } from './manage-user-dialog.tsx';

const me = buildSignedInAdmin();

describe('the responder flag', () => {
  it('an admin marks someone as a responder, and the server is told', async () => {
    const row = buildDirectoryRow({ firstName: 'Rita', lastName: 'Helper', role: 'coordinator' });
    const api = stubApi()
      .on('GET', '/api/auth/user', { json: me })
      .on('GET', `/api/admin/users/${row.id}/mentor`, { json: { mentor: null } })
      .on('PUT', `/api/admin/users/${row.id}/responder`, { json: { id: row.id, isResponder: true } });
    const { user } = renderWithApp(<ManageUserDialog user={row} founderCount={1} onClose={() => {}} />);

    const flag = await screen.findByRole('checkbox', { name: 'Responder: mailed about callback requests' });
    expect(flag).not.toBeChecked();
    await user.click(flag);
    await waitFor(() => expect(api.calls('PUT', `/api/admin/users/${row.id}/responder`)).toHaveLength(1));
    expect(api.calls('PUT', `/api/admin/users/${row.id}/responder`)[0]!.body).toEqual({ isResponder: true });
    expect(flag).toBeChecked();
    expect(await screen.findByText('Rita Helper now gets the callback request mails.')).toBeInTheDocument();
  });

  it('asks the password again before making someone a responder when the server wants it (issue 24)', async () => {
    const row = buildDirectoryRow({ firstName: 'Rita', lastName: 'Helper', role: 'coordinator' });
    let reauthed = false;
    const api = stubApi()
      .on('GET', '/api/auth/user', { json: me })
      .on('GET', `/api/admin/users/${row.id}/mentor`, { json: { mentor: null } })
      .on('PUT', `/api/admin/users/${row.id}/responder`, () =>
        reauthed ? { json: { id: row.id, isResponder: true } } : apiError(403, 'REAUTH_REQUIRED'),
      )
      .on('POST', '/api/auth/reauth', () => {
        reauthed = true;
        return { json: { reauthUntil: new Date(Date.now() + 900_000).toISOString() } };
      });
    const { user } = renderWithApp(<ManageUserDialog user={row} founderCount={1} onClose={() => {}} />);
    const flag = await screen.findByRole('checkbox', { name: 'Responder: mailed about callback requests' });
    await user.click(flag);
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    // Not a responder until the server agreed.
    expect(flag).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Your password'), 'my passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rita Helper now gets the callback request mails.')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/users/${row.id}/responder`).map((c) => c.body)).toEqual([
      { isResponder: true },
      { isResponder: true },
    ]);
    expect(flag).toBeChecked();
  });

  it('admins and founders always get the mails: the flag shows checked and cannot be changed', async () => {
    const row = buildDirectoryRow({ role: 'founder' });
    stubApi()
      .on('GET', '/api/auth/user', { json: me })
      .on('GET', `/api/admin/users/${row.id}/mentor`, { json: { mentor: null } });
    renderWithApp(<ManageUserDialog user={row} founderCount={2} onClose={() => {}} />);
    const flag = await screen.findByRole('checkbox', { name: 'Responder: mailed about callback requests' });
    expect(flag).toBeChecked();
    expect(flag).toBeDisabled();
    expect(screen.getByText('Admins and founders always get the callback request mails.')).toBeInTheDocument();
  });
});
