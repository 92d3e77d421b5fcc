import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { buildDirectoryRow, buildSignedInAdmin } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { AccountActions } from './account-actions.tsx';

const me = buildSignedInAdmin();

describe('deactivating and deleting an account from the Manage dialog', () => {
  it('deactivating says what happens first, then tells the server', async () => {
    const row = buildDirectoryRow({ firstName: 'Dana', lastName: 'Keep' });
    const api = stubApi()
      .on('GET', '/api/auth/user', { json: me })
      .on('PUT', `/api/admin/users/${row.id}/deactivation`, { json: { id: row.id, isDeactivated: true } });
    const onDone = vi.fn();
    const { user } = renderWithApp(<AccountActions user={row} name="Dana Keep" founderCount={1} onDone={onDone} />);

    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: "Deactivate Dana Keep's account?" });
    expect(within(dialog).getByText('Dana Keep is signed out on every device at once and cannot sign in again.')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/admin/users/${row.id}/deactivation`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.calls('PUT', `/api/admin/users/${row.id}/deactivation`)).toHaveLength(1));
    expect(api.calls('PUT', `/api/admin/users/${row.id}/deactivation`)[0]!.body).toEqual({ isDeactivated: true });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('a deactivated account shows it and is reactivated in one click', async () => {
    const row = buildDirectoryRow({ isDeactivated: true });
    const api = stubApi()
      .on('GET', '/api/auth/user', { json: me })
      .on('PUT', `/api/admin/users/${row.id}/deactivation`, { json: { id: row.id, isDeactivated: false } });
    const { user } = renderWithApp(<AccountActions user={row} name="Ruth" founderCount={1} onDone={() => {}} />);
    expect(await screen.findByText('Deactivated: sign-in is refused and the data is kept.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reactivate account' }));
    await waitFor(() => expect(api.calls('PUT', `/api/admin/users/${row.id}/deactivation`)[0]?.body).toEqual({ isDeactivated: false }));
  });

  it('deleting lists the consequences and is not sent when cancelled', async () => {
    const row = buildDirectoryRow();
    const api = stubApi().on('GET', '/api/auth/user', { json: me }).on('DELETE', `/api/admin/users/${row.id}`, { status: 204 });
    const { user } = renderWithApp(<AccountActions user={row} name="Ruth" founderCount={1} onDone={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    let dialog = await screen.findByRole('dialog', { name: "Delete Ruth's account?" });
    expect(within(dialog).getByText('Certificates stay verifiable, without the name.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE', `/api/admin/users/${row.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    dialog = await screen.findByRole('dialog', { name: "Delete Ruth's account?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(api.calls('DELETE', `/api/admin/users/${row.id}`)).toHaveLength(1));
  });

  it('asks for the password again when the server wants it, and shows a refusal in words', async () => {
    const row = buildDirectoryRow();
    stubApi().on('GET', '/api/auth/user', { json: me }).on('DELETE', `/api/admin/users/${row.id}`, apiError(403, 'REAUTH_REQUIRED'));
    const { user } = renderWithApp(<AccountActions user={row} name="Ruth" founderCount={1} onDone={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByTestId('reauth-dialog')).toBeInTheDocument();
  });

  it('own account, another admin (for an admin) and the last founder: the buttons are off, with the reason', async () => {
    stubApi().on('GET', '/api/auth/user', { json: me });
    const { unmount } = renderWithApp(
      <AccountActions user={buildDirectoryRow({ id: 'me', role: 'admin' })} name="Ada" founderCount={1} onDone={() => {}} />,
    );
    expect(
      await screen.findByText('This is your own account: you cannot deactivate it here, and you delete it from your settings.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate account' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeDisabled();
    unmount();

    renderWithApp(<AccountActions user={buildDirectoryRow({ role: 'founder' })} name="Felix" founderCount={1} onDone={() => {}} />);
    expect(await screen.findByText('Only a founder can deactivate or delete an admin or a founder.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  });

  it('a founder sees the last founder locked', async () => {
    stubApi().on('GET', '/api/auth/user', { json: { ...me, role: 'founder' } });
    renderWithApp(<AccountActions user={buildDirectoryRow({ role: 'founder' })} name="Felix" founderCount={1} onDone={() => {}} />);
    expect(await screen.findByText('This is the last active founder: make someone else a founder first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate account' })).toBeDisabled();
  });
});
