import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fetch-stub.ts';
import { buildCallbackItem } from '../../../test/factories.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CallbackInbox } from './callback-inbox.tsx';

const list = (items: ReturnType<typeof buildCallbackItem>[]) => ({ json: { items, total: items.length, page: 1, pageSize: 20 } });

describe('the callback inbox', () => {
  it('marks overdue requests with their own deadline (24 h for urgent ones, 48 h for the others)', async () => {
    const urgent = buildCallbackItem({ name: 'Urgent Late', category: 'mental', scoreBand: 'green', deadlineHours: 24, isOverdue: true });
    const other = buildCallbackItem({ name: 'Other Late', deadlineHours: 48, isOverdue: true });
    const onTime = buildCallbackItem({ name: 'On Time' });
    stubApi().on('GET', '/api/admin/callbacks', list([urgent, other, onTime])).on('GET', '/api/admin/assignees', { json: [] });
    renderWithApp(<CallbackInbox />);

    const card = async (name: string) => within((await screen.findByText(name)).closest('li')!);
    expect((await card('Urgent Late')).getByTestId('overdue-flag')).toHaveTextContent('Overdue (over 24 h)');
    expect((await card('Other Late')).getByTestId('overdue-flag')).toHaveTextContent('Overdue (over 48 h)');
    expect((await card('On Time')).queryByTestId('overdue-flag')).not.toBeInTheDocument();
  });

  it("opened from a mail's link, shows which request the mail was about", async () => {
    const linked = buildCallbackItem({ name: 'From The Mail' });
    const another = buildCallbackItem({ name: 'Another One' });
    stubApi().on('GET', '/api/admin/callbacks', list([another, linked])).on('GET', '/api/admin/assignees', { json: [] });
    renderWithApp(<CallbackInbox />, { path: `/admin?tab=callbacks&request=${linked.id}` });

    const item = (await screen.findByText('From The Mail')).closest('li')!;
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(within(item).getByText('The request from the mail')).toBeInTheDocument();
    expect((await screen.findByText('Another One')).closest('li')).not.toHaveAttribute('aria-current');
  });
});
