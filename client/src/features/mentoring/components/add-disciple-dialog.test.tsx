import { screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';

import { invitedResult } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { AddDiscipleDialog } from './add-disciple-dialog.tsx';

const DISCIPLES = '/api/disciples';

async function openDialog() {
  const view = renderWithApp(<AddDiscipleDialog />);
  await view.user.click(screen.getByRole('button', { name: 'Add disciple' }));
  return { dialog: within(await screen.findByRole('dialog', { name: 'Add a disciple' })), ...view };
}

describe('the add-disciple dialog', () => {
  it('checks both fields before sending anything', async () => {
    const api = stubApi();
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add disciple' }));

    expect(await dialog.findByText('Full name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Full name')).toHaveAccessibleDescription('Full name is required');
    expect(dialog.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(api.calls('POST', DISCIPLES)).toEqual([]);
  });

  it('says the same in French', async () => {
    stubApi();
    await i18n.changeLanguage('fr');
    const { user } = renderWithApp(<AddDiscipleDialog />);
    await user.click(screen.getByRole('button', { name: 'Ajouter un disciple' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Ajouter le disciple' }));
    expect(await dialog.findByText('Le nom complet est obligatoire')).toBeInTheDocument();
  });

  it('saves an invitation (whether or not the email has an account), with the sign-up link to share', async () => {
    const api = stubApi().on('POST', DISCIPLES, {
      status: 201,
      json: invitedResult({ fullName: 'Boaz Ephrath', email: 'boaz@example.org' }),
    });
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Full name'), '  Boaz Ephrath ');
    await user.type(dialog.getByLabelText('Email'), 'Boaz@Example.org');
    await user.click(dialog.getByRole('button', { name: 'Add disciple' }));

    const invited = within(await screen.findByRole('dialog', { name: 'Invitation saved' }));
    expect(api.calls('POST', DISCIPLES).map((r) => r.body)).toEqual([{ fullName: 'Boaz Ephrath', email: 'boaz@example.org' }]);
    expect(
      invited.getByText(
        /We let Boaz Ephrath know\. They join your tree once they accept: on their dashboard if they already have an account, or by signing up with boaz@example.org/,
      ),
    ).toBeInTheDocument();
    // The shared link opens the sign-up form with the invited email filled in.
    expect(invited.getByText(`${window.location.origin}/login?tab=sign-up&email=boaz%40example.org`)).toBeInTheDocument();

    // Add another: an empty form again.
    await user.click(invited.getByRole('button', { name: 'Add another' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add a disciple' }));
    expect(again.getByLabelText('Full name')).toHaveValue('');

    await user.click(again.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("explains the server's refusal in the dialog and keeps the form", async () => {
    stubApi().on('POST', DISCIPLES, apiError(409, 'ALREADY_DISCIPLE'));
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Full name'), 'Ruth Moab');
    await user.type(dialog.getByLabelText('Email'), 'ruth@example.org');
    await user.click(dialog.getByRole('button', { name: 'Add disciple' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('This person is already your disciple.');
    expect(dialog.getByLabelText('Email')).toHaveValue('ruth@example.org');
  });
});
