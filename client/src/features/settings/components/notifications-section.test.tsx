import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildCurrentUser } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { NotificationsSection } from './notifications-section.tsx';

const SETTINGS = '/api/account/notifications';

describe('the notifications section', () => {
  it('shows where mail goes and both choices, and saves a change at once', async () => {
    let saved = { email: 'zoe@example.org', encouragement: true, mentorDigest: true };
    const api = stubApi()
      .on('GET', SETTINGS, () => ({ json: saved }))
      .on('PATCH', SETTINGS, (req) => {
        saved = { ...saved, ...(req.body as object) };
        return { json: saved };
      });
    const { user } = renderWithApp(<NotificationsSection user={buildCurrentUser()} />);
    expect(await screen.findByText(/sent to zoe@example\.org/)).toBeInTheDocument();
    const encouragement = await screen.findByRole('checkbox', { name: 'Reminders and encouragement' });
    const digest = screen.getByRole('checkbox', { name: 'Weekly digest about your disciples' });
    expect(encouragement).toBeChecked();
    expect(digest).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/On Mondays/);

    await user.click(digest);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly digest about your disciples' })).not.toBeChecked());
    expect(api.calls('PATCH', SETTINGS).map((r) => r.body)).toEqual([{ mentorDigest: false }]);
    expect(screen.getByRole('checkbox', { name: 'Reminders and encouragement' })).toBeChecked();
  });

  it('keeps the saved state when the server refuses, and says so', async () => {
    stubApi()
      .on('GET', SETTINGS, { json: { email: 'zoe@example.org', encouragement: true, mentorDigest: false } })
      .on('PATCH', SETTINGS, apiError(500, 'INTERNAL', 'boom'));
    const { user } = renderWithApp(<NotificationsSection user={buildCurrentUser()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Reminders and encouragement' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Reminders and encouragement' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Weekly digest about your disciples' })).not.toBeChecked();
  });
});
