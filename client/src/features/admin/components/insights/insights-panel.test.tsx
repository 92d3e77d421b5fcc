import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { CareReport, FunnelReport, GrowthReport, MultiplicationReport } from '#common/contracts/insights.ts';

import InsightsPanel from './insights-panel.tsx';

const course = { slug: 'foundations', kind: 'course' as const, title: { en: 'Foundations', fr: 'Fondations' } };
const funnel: FunnelReport = {
  courses: [course],
  course,
  steps: [
    { step: 1, opened: 40, passed: 36 },
    { step: 2, opened: 30, passed: 12 },
    { step: 3, opened: 9, passed: null },
  ],
  refreshedAt: '2026-11-27T02:07:00.000Z',
};
const growth: GrowthReport = {
  weeks: [
    { week: '2026-11-16', signups: 20, firstLessons: null, certificates: 0, links: 5 },
    { week: '2026-11-23', signups: 7, firstLessons: 6, certificates: 0, links: 0 },
  ],
  refreshedAt: funnel.refreshedAt,
};
const multiplication: MultiplicationReport = {
  generations: [
    { generation: '1', people: 12 },
    { generation: '2', people: 6 },
    { generation: '3', people: null },
    { generation: '4+', people: 0 },
  ],
  mentorLoads: [
    { disciples: '1', mentors: 8 },
    { disciples: '2', mentors: null },
    { disciples: '3+', mentors: 5 },
  ],
  roles: [
    { month: '2026-10', ambassadors: null, coordinators: 0 },
    { month: '2026-11', ambassadors: 6, coordinators: null },
  ],
  refreshedAt: funnel.refreshedAt,
};
const care: CareReport = {
  weeks: [
    {
      week: '2026-11-23',
      byCategory: { spiritual: 5, mental: 9, emotional: null, financial: 0 },
      byBand: { green: 5, yellow: null, red: null, unknown: 6 },
    },
  ],
  response: [
    { group: 'urgent', goalHours: 24, requests: 12, contacted: 10, medianHours: 6.5, p90Hours: 30, overdue: null },
    { group: 'standard', goalHours: 48, requests: 5, contacted: null, medianHours: null, p90Hours: null, overdue: 0 },
  ],
};

describe('the Insights tab', () => {
  it('says what each chart shows, where learners stall, and "fewer than 5" for hidden counts', async () => {
    const api = stubApi()
      .on('GET', '/api/admin/insights/funnel', { json: funnel })
      .on('GET', '/api/admin/insights/growth', { json: growth })
      .on('GET', '/api/admin/insights/multiplication', { json: multiplication })
      .on('GET', '/api/admin/insights/care', { json: care });
    renderWithApp(<InsightsPanel />);

    const funnelSummary = await screen.findByTestId('chart-funnel-summary');
    expect(funnelSummary).toHaveTextContent(
      'Foundations: in this period 40 people opened week 1 and 36 passed its quiz. Most stall at week 2',
    );
    const funnelRows = within(screen.getByTestId('table-funnel')).getAllByRole('row');
    expect(funnelRows[3]).toHaveTextContent(/week 3\s*9\s*fewer than 5\s*not known/);

    expect(await screen.findByTestId('chart-growth-summary')).toHaveTextContent(
      '27 sign-ups, 6 first lessons, 0 certificates and 5 new mentoring links',
    );
    expect(await screen.findByTestId('chart-generations-summary')).toHaveTextContent(
      '12 disciples in generation 1, 6 in generation 2, fewer than 5 in generation 3 and 0 in generation 4',
    );
    expect(screen.getByTestId('chart-mentor-loads-summary')).toHaveTextContent(
      'Today 8 mentors have 1 active disciple, fewer than 5 have 2 and 5 have 3 or more.',
    );
    expect(screen.getByTestId('chart-roles-summary')).toHaveTextContent('today 6 ambassadors and fewer than 5 coordinators');
    const response = await screen.findByTestId('chart-care-response-summary');
    expect(response).toHaveTextContent('Urgent requests (goal 24 hours): median 6.5 hours, 9 in 10 within 30 hours, fewer than 5 overdue.');
    expect(response).toHaveTextContent('Others (goal 48 hours): median not shown (fewer than 5 contacted)');
    expect(within(screen.getByTestId('table-care-categories')).getAllByRole('row')[1]).toHaveTextContent(/5\s*9\s*fewer than 5\s*0/);

    // Every request says the browser's time zone, where weeks start.
    expect(api.calls('GET', '/api/admin/insights/growth')[0]!.url.searchParams.get('tz')).toBeTruthy();
  });

  it('asks again with the filters chosen', async () => {
    const api = stubApi()
      .on('GET', '/api/admin/insights/funnel', { json: funnel })
      .on('GET', '/api/admin/insights/growth', { json: growth })
      .on('GET', '/api/admin/insights/multiplication', { json: multiplication })
      .on('GET', '/api/admin/insights/care', { json: care });
    const { user } = renderWithApp(<InsightsPanel />);
    await screen.findByTestId('chart-funnel-summary');
    await user.selectOptions(screen.getByLabelText('Period'), '12m');
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.selectOptions(screen.getByLabelText('Country'), 'Haiti');
    await screen.findByTestId('chart-funnel-summary');
    const last = Object.fromEntries(api.calls('GET', '/api/admin/insights/funnel').at(-1)!.url.searchParams);
    expect(last).toMatchObject({ period: '12m', language: 'fr', country: 'Haiti' });
  });
});
