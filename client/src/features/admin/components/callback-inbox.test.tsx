import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { buildCallbackItem } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';

import { CallbackInbox } from './callback-inbox.tsx';

const list = (items: ReturnType<typeof buildCallbackItem>[]) => ({ json: { items, total: items.length, page: 1, pageSize: 20 } });

describe('the callback inbox', () => {
  it('marks overdue requests with their own deadline (24 h for urgent ones, 48 h for the others)', async () => {
    const urgent = buildCallbackItem({ name: 'Urgent Late', category: 'mental', scoreBand: 'green', deadlineHours: 24, isOverdue: true });
    const other = buildCallbackItem({ name: 'Other Late', deadlineHours: 48, isOverdue: true });
    const onTime = buildCallbackItem({ name: 'On Time' });
    stubApi()
      .on('GET', '/api/admin/callbacks', list([urgent, other, onTime]))
      .on('GET', '/api/admin/assignees', { json: [] });
    renderWithApp(<CallbackInbox />);

    const card = async (name: string) => within((await screen.findByText(name)).closest('li')!);
    expect((await card('Urgent Late')).getByTestId('overdue-flag')).toHaveTextContent('Overdue (over 24 h)');
    expect((await card('Other Late')).getByTestId('overdue-flag')).toHaveTextContent('Overdue (over 48 h)');
    expect((await card('On Time')).queryByTestId('overdue-flag')).not.toBeInTheDocument();
  });

  it("opened from a mail's link, shows which request the mail was about", async () => {
    const linked = buildCallbackItem({ name: 'From The Mail' });
    const another = buildCallbackItem({ name: 'Another One' });
    stubApi()
      .on('GET', '/api/admin/callbacks', list([another, linked]))
      .on('GET', '/api/admin/assignees', { json: [] });
    renderWithApp(<CallbackInbox />, { path: `/admin?tab=callbacks&request=${linked.id}` });

    const item = (await screen.findByText('From The Mail')).closest('li')!;
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(within(item).getByText('The request from the mail')).toBeInTheDocument();
    expect((await screen.findByText('Another One')).closest('li')).not.toHaveAttribute('aria-current');
  });

  it('for a responder who is not an admin: the status only; who it is assigned to and the notes are shown, not editable', async () => {
    const item = buildCallbackItem({
      name: 'Needs A Call',
      notes: 'Prefers evenings',
      assignee: { id: 'a1', firstName: 'Amos', lastName: 'Helper', email: 'amos@example.org' },
    });
    const updated = { ...item, status: 'contacted' as const, updatedAt: new Date().toISOString() };
    // No handler for /api/admin/assignees: asking for it would fail the test (the server refuses it to responders).
    const api = stubApi()
      .on('GET', '/api/admin/callbacks', list([item]))
      .on('PATCH', `/api/admin/callbacks/${item.id}`, { json: updated });
    renderWithApp(<CallbackInbox canManage={false} />);

    const card = within((await screen.findByText('Needs A Call')).closest('li')!);
    expect(card.queryByTestId('callback-assignee')).not.toBeInTheDocument();
    expect(card.queryByTestId('callback-notes')).not.toBeInTheDocument();
    expect(card.getByTestId('callback-assignee-text')).toHaveTextContent('Amos Helper');
    expect(card.getByTestId('callback-notes-text')).toHaveTextContent('Prefers evenings');

    await userEvent.selectOptions(card.getByTestId('callback-status'), 'contacted');
    await userEvent.click(card.getByTestId('callback-save'));
    await screen.findByText('Request updated');
    expect(api.calls('PATCH', `/api/admin/callbacks/${item.id}`).map((r) => r.body)).toEqual([{ status: 'contacted' }]);
  });
});
