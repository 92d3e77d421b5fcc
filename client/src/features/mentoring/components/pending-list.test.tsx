import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildInvitation } from '#client/test/factories.ts';
import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { PendingList } from './pending-list.tsx';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describe('pending invitations', () => {
  it('resend is offered a day after the last sending, and tells the server', async () => {
    const old = buildInvitation({ fullName: 'Old Friend', email: 'old@example.org', lastSentAt: hoursAgo(30) });
    const fresh = buildInvitation({ fullName: 'New Friend', email: 'new@example.org', lastSentAt: hoursAgo(2) });
    const api = stubApi()
      .on('POST', `/api/disciples/invitations/${old.id}/resend`, { json: { ...old, lastSentAt: new Date().toISOString() } })
      .on('GET', '/api/disciples/pending', { json: { disciples: [], invitations: [old, fresh] } });
    const { user } = renderWithApp(<PendingList pending={{ disciples: [], invitations: [old, fresh] }} hasDisciples={false} />);

    const freshItem = within(screen.getByText('New Friend').closest('li')!);
    expect(freshItem.getByRole('button', { name: 'Resend the invitation to New Friend' })).toBeDisabled();
    expect(freshItem.getByTestId('invitation-sent')).toHaveTextContent(/you can send it again from/);

    await user.click(screen.getByRole('button', { name: 'Resend the invitation to Old Friend' }));
    await waitFor(() => expect(api.calls('POST', `/api/disciples/invitations/${old.id}/resend`)).toHaveLength(1));
    expect(await screen.findByText('We let Old Friend know again at old@example.org.')).toBeInTheDocument();
  });

  it('cancel asks once more, then withdraws the invitation', async () => {
    const invitation = buildInvitation({ fullName: 'Gone Soon', lastSentAt: hoursAgo(1) });
    const api = stubApi()
      .on('DELETE', `/api/disciples/invitations/${invitation.id}`, { status: 204 })
      .on('GET', '/api/disciples/pending', { json: { disciples: [], invitations: [] } });
    const { user } = renderWithApp(<PendingList pending={{ disciples: [], invitations: [invitation] }} hasDisciples={false} />);

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation to Gone Soon' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls('DELETE', `/api/disciples/invitations/${invitation.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation to Gone Soon' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel the invitation to Gone Soon?' })).toHaveTextContent(
      'If Gone Soon signs up with',
    );
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(api.calls('DELETE', `/api/disciples/invitations/${invitation.id}`)).toHaveLength(1));
    expect(await screen.findByText('Gone Soon will not join your tree by this invitation.')).toBeInTheDocument();
  });

  it('says so when the server refuses a resend (sent less than a day ago on another device)', async () => {
    const invitation = buildInvitation({ fullName: 'Two Devices', lastSentAt: hoursAgo(25) });
    stubApi()
      .on('POST', `/api/disciples/invitations/${invitation.id}/resend`, apiError(429, 'RESEND_TOO_SOON'))
      .on('GET', '/api/disciples/pending', { json: { disciples: [], invitations: [invitation] } });
    const { user } = renderWithApp(<PendingList pending={{ disciples: [], invitations: [invitation] }} hasDisciples={false} />);
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to Two Devices' }));
    expect(await screen.findByText('This invitation was sent less than a day ago. You can send it again tomorrow.')).toBeInTheDocument();
  });
});
