import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { SetMentorForm } from './set-mentor-form.tsx';

const URL = '/api/admin/users/u-1/mentor';

describe("an admin sets someone's mentor", () => {
  it('shows the current mentor, sends the new mentor email, then an empty field removes the mentor', async () => {
    let mentor: { name: string; email: string } | null = { name: 'Orpah Moab', email: 'orpah@example.org' };
    const api = stubApi()
      .on('GET', URL, () => ({ json: { mentor } }))
      .on('PUT', URL, (req) => {
        const email = (req.body as { mentorEmail: string | null }).mentorEmail;
        mentor = email ? { name: 'Naomi Bethlehem', email } : null;
        return { json: { outcome: email ? 'linked' : 'removed' } };
      });
    const { user } = renderWithApp(<SetMentorForm userId="u-1" name="Ruth Moab" />);
    expect(await screen.findByText('Current mentor: Orpah Moab (orpah@example.org)')).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Set a mentor (when this person asks for one)'), ' naomi@example.org ');
    await user.click(screen.getByRole('button', { name: 'Set mentor' }));
    expect((await screen.findAllByText('Ruth Moab is now a disciple of the account naomi@example.org.')).length).toBeGreaterThan(0);
    // The line follows the change.
    expect(await screen.findByText('Current mentor: Naomi Bethlehem (naomi@example.org)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove current mentor' }));
    expect((await screen.findAllByText('Ruth Moab has no mentor now.')).length).toBeGreaterThan(0);
    expect(api.calls('PUT', URL).map((r) => r.body)).toEqual([{ mentorEmail: 'naomi@example.org' }, { mentorEmail: null }]);
    expect(await screen.findByText('No mentor yet.')).toBeInTheDocument();
    // With no mentor and an empty field there is nothing to remove.
    expect(screen.getByRole('button', { name: 'Remove current mentor' })).toBeDisabled();
  });

  it('says the person was asked, after the password is typed again when the server wants it (issue 24)', async () => {
    let reauthed = false;
    const api = stubApi()
      .on('GET', URL, { json: { mentor: null } })
      .on('PUT', URL, () => (reauthed ? { json: { outcome: 'asked' } } : apiError(403, 'REAUTH_REQUIRED')))
      .on('POST', '/api/auth/reauth', () => {
        reauthed = true;
        return { json: { reauthUntil: new Date(Date.now() + 900_000).toISOString() } };
      });
    const { user } = renderWithApp(<SetMentorForm userId="u-1" name="Ruth Moab" />);
    await user.type(await screen.findByLabelText('Set a mentor (when this person asks for one)'), 'naomi@example.org');
    await user.click(screen.getByRole('button', { name: 'Set mentor' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Your password'), 'my passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      (
        await screen.findAllByText(
          'Ruth Moab sees the invitation from naomi@example.org on their dashboard. The link is made only if they accept.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(api.calls('PUT', URL)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when no account has that email', async () => {
    stubApi()
      .on('GET', URL, { json: { mentor: null } })
      .on('PUT', URL, apiError(404, 'NOT_FOUND'));
    const { user } = renderWithApp(<SetMentorForm userId="u-1" name="Ruth Moab" />);
    await user.type(await screen.findByLabelText('Set a mentor (when this person asks for one)'), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Set mentor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account has this email.');
  });
});
