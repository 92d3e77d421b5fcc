import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { AuditEntry } from '#common/contracts/admin.ts';

import { AuditLog } from './audit-log.tsx';

const founder = { id: 'f1', firstName: 'Fay', lastName: 'Founder', email: 'fay@example.org' };
const entry = (o: Partial<AuditEntry>): AuditEntry => ({
  id: Math.floor(Math.random() * 1e6),
  actor: founder,
  action: 'user.role_changed',
  targetType: 'user',
  targetId: 'u1',
  details: {},
  createdAt: '2026-11-23T10:00:00.000Z',
  target: null,
  people: {},
  ...o,
});

describe('the audit log view', () => {
  it('names people from the live accounts the server sends, and says when one is gone', async () => {
    stubApi().on('GET', '/api/admin/audit-log', {
      json: {
        items: [
          entry({ details: { from: 'user', to: 'coordinator' }, target: { name: 'Gina Live', email: 'gina@example.org' } }),
          entry({ action: 'user.role_changed', targetId: 'u2', details: { from: 'user', to: 'ambassador' }, target: null }),
          entry({
            action: 'callback.updated',
            targetType: 'callback_request',
            targetId: 'c1',
            details: { assignedTo: { from: null, to: 't1' } },
            people: { t1: { id: 't1', firstName: 'Theo', lastName: 'Team', email: 'theo@example.org' } },
          }),
          entry({
            action: 'account.deleted',
            actor: null,
            targetId: 'u3',
            details: { by: 'retention', reason: 'parental-consent-not-given' },
          }),
          entry({ action: 'directory.exported', targetType: 'directory', targetId: null, details: { isSearch: true, filter: 'all' } }),
        ],
        total: 5,
        page: 1,
        pageSize: 50,
      },
    });
    renderWithApp(<AuditLog />);
    expect(await screen.findByText('Gina Live · role Member → Coordinator')).toBeInTheDocument();
    expect(screen.getByText('no longer here (deleted) · role Member → Ambassador')).toBeInTheDocument();
    expect(screen.getByText('assigned to Theo Team')).toBeInTheDocument();
    expect(screen.getByText('The daily retention job')).toBeInTheDocument();
    expect(screen.getByText('filter: All · with a search')).toBeInTheDocument();
  });
});

describe('the audit log filters', () => {
  const page = (items: AuditEntry[]) => ({ json: { items, total: items.length, page: 1, pageSize: 50 } });
  const lastQuery = (api: ReturnType<typeof stubApi>) =>
    Object.fromEntries(api.calls('GET', '/api/admin/audit-log').at(-1)!.url.searchParams);

  it('label the actions of security, profile and consent instead of showing their ids', async () => {
    stubApi().on(
      'GET',
      '/api/admin/audit-log',
      page([
        entry({ action: 'mfa.recovery-code-used', targetId: founder.id }),
        entry({ action: 'password.changed', targetId: founder.id }),
        entry({ action: 'profile.updated', targetId: founder.id, details: { fields: ['phone'] } }),
        entry({ action: 'sessions.ended', targetId: founder.id }),
        entry({ action: 'consent.parent_email_change_held', targetId: founder.id }),
      ]),
    );
    renderWithApp(<AuditLog />);
    const lines = (await screen.findAllByTestId('audit-entry')).map((li) => li.querySelector('p')!.textContent);
    expect(lines).toEqual([
      'Fay Founder signed in with a recovery code',
      'Fay Founder changed their password',
      'Fay Founder edited their profile',
      'Fay Founder signed out their other devices',
      "Fay Founder asked to change their parent's email (held for 24 hours)",
    ]);
  });

  it('hide the list views by default, and send the action, person and days the admin picks to the server', async () => {
    const api = stubApi().on('GET', '/api/admin/audit-log', (req) =>
      page(
        req.url.searchParams.get('action') === 'user.role_changed'
          ? [entry({ details: { from: 'user', to: 'admin' }, target: { name: 'Gina Live', email: 'g@example.org' } })]
          : [],
      ),
    );
    const { user } = renderWithApp(<AuditLog />);
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    // Hidden by default: the server's default, so the first request sends no flag.
    expect(screen.getByRole('checkbox', { name: 'Hide "opened a list of personal data"' })).toBeChecked();
    expect(lastQuery(api)).toEqual({});

    await user.click(screen.getByRole('checkbox', { name: 'Hide "opened a list of personal data"' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ hideListViews: 'false' }));

    await user.selectOptions(screen.getByLabelText('Action'), 'changed a role');
    expect(await screen.findByText('Gina Live · role Member → Admin')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ action: 'user.role_changed' });

    await user.type(screen.getByRole('searchbox', { name: 'Search a person by name or email' }), 'gina');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ action: 'user.role_changed', person: 'gina' }));

    // Whole days in the admin's time zone: from the first day's midnight to the midnight after the last.
    await user.type(screen.getByLabelText('From'), '2026-11-02');
    await user.type(screen.getByLabelText('To (included)'), '2026-11-03');
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ from: new Date(2026, 10, 2).toISOString(), to: new Date(2026, 10, 4).toISOString() }),
    );

    // Cleared: every field as it was, and the first answer (cached) again.
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search a person by name or email' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Hide "opened a list of personal data"' })).toBeChecked();
  });

  it('says when the first day is after the last, without asking the server', async () => {
    const api = stubApi().on('GET', '/api/admin/audit-log', page([]));
    const { user } = renderWithApp(<AuditLog />);
    await screen.findByText('Nothing recorded yet.');
    const before = api.calls('GET', '/api/admin/audit-log').length;
    await user.type(screen.getByLabelText('From'), '2026-11-05');
    await user.type(screen.getByLabelText('To (included)'), '2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The first day comes after the last one');
    expect(
      api
        .calls('GET', '/api/admin/audit-log')
        .slice(before)
        .every((r) => !r.url.searchParams.has('to') || r.url.searchParams.get('to')! > r.url.searchParams.get('from')!),
    ).toBe(true);
  });
});
