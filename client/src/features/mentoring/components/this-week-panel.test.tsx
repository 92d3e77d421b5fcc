import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { DiscipleWeek } from '#common/contracts/mentor-week.ts';

import { ThisWeekPanel } from './this-week-panel.tsx';

const WEEK = '/api/disciples/week';
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
let n = 0;
const disciple = (over: Partial<DiscipleWeek> = {}): DiscipleWeek => ({
  id: `00000000-0000-4000-8000-00000000000${++n}`,
  firstName: 'Ada',
  lastName: 'Obi',
  email: `ada${n}@example.org`,
  lastActivityAt: daysAgo(1),
  currentWeek: 2,
  isCourseCompleted: false,
  isStalled: false,
  failedTwiceWeek: null,
  finishedWeek: null,
  lastEncouragedAt: null,
  nextEncouragementAt: null,
  acceptsEncouragement: true,
  trackDays: 0,
  ...over,
});

describe('the "This week" panel', () => {
  it('shows the first five disciples, then all of them on demand, then fewer again', async () => {
    stubApi().on('GET', WEEK, { json: { disciples: Array.from({ length: 7 }, (_, i) => disciple({ firstName: `P${i}` })) } });
    const { user } = renderWithApp(<ThisWeekPanel />);
    expect(await screen.findAllByTestId('week-disciple')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show all 7' }));
    expect(screen.getAllByTestId('week-disciple')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByTestId('week-disciple')).toHaveLength(5);
  });

  it('shows each disciple in the order the server gave, with week, last activity and flags', async () => {
    stubApi().on('GET', WEEK, {
      json: {
        disciples: [
          disciple({ firstName: 'Bo', isStalled: true, failedTwiceWeek: 3, currentWeek: 3, lastActivityAt: daysAgo(9) }),
          disciple({ firstName: 'Silas', isStalled: true, lastActivityAt: null, currentWeek: 1 }),
          disciple({ firstName: 'Fin', finishedWeek: 2, currentWeek: 3 }),
          disciple({ firstName: 'Dora', isCourseCompleted: true, currentWeek: null, acceptsEncouragement: false }),
        ],
      },
    });
    renderWithApp(<ThisWeekPanel />);
    const rows = await screen.findAllByTestId('week-disciple');
    expect(rows.map((r) => within(r).getAllByText(/./)[0]!.textContent)).toEqual(['Bo Obi', 'Silas Obi', 'Fin Obi', 'Dora Obi']);
    expect(within(rows[0]!).getByText('Failed the week 3 quiz twice')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Quiet for 9 days')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Week 3 · Last active 9 days ago/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not started after a week')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/No activity yet/)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Finished week 2')).toBeInTheDocument();
    expect(within(rows[3]!).getByText(/Course completed/)).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Has turned encouragement mails off')).toBeInTheDocument();
    expect(within(rows[3]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends the chosen message and then shows when the next one is possible', async () => {
    const d = disciple({ firstName: 'Sam', lastName: 'Lee' });
    const sentAt = new Date().toISOString();
    const next = new Date(Date.now() + 7 * 86_400_000).toISOString();
    let sent = false;
    const api = stubApi()
      .on('GET', WEEK, () => ({ json: { disciples: [sent ? { ...d, lastEncouragedAt: sentAt, nextEncouragementAt: next } : d] } }))
      .on('POST', `/api/disciples/${d.id}/encouragements`, () => {
        sent = true;
        return { status: 201, json: { sentAt, nextEncouragementAt: next } };
      });
    const { user } = renderWithApp(<ThisWeekPanel />);
    await user.click(await screen.findByRole('button', { name: 'Encourage Sam Lee' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Encourage Sam Lee' }));
    await user.click(dialog.getByLabelText("I'm praying for you. I'm here if you need me."));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', `/api/disciples/${d.id}/encouragements`).map((r) => r.body)).toEqual([{ message: 'prayingForYou' }]);
    expect(await screen.findByText(/Encouragement sent\. Next one from/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Encourage Sam Lee' })).not.toBeInTheDocument();
  });

  it("explains the server's refusal in the dialog", async () => {
    const d = disciple({ firstName: 'Kim', lastName: null });
    stubApi()
      .on('GET', WEEK, { json: { disciples: [d] } })
      .on('POST', `/api/disciples/${d.id}/encouragements`, apiError(429, 'ENCOURAGED_RECENTLY', 'server words'));
    const { user } = renderWithApp(<ThisWeekPanel />);
    await user.click(await screen.findByRole('button', { name: 'Encourage Kim' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You already encouraged this person in the last 7 days.');
  });

  it('shows nothing without disciples', async () => {
    const api = stubApi().on('GET', WEEK, { json: { disciples: [] } });
    const { container } = renderWithApp(<ThisWeekPanel />);
    await waitFor(() => expect(api.calls('GET', WEEK)).toHaveLength(1));
    expect(container.querySelector('[data-testid="this-week-panel"]')).toBeNull();
  });
});
