import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { TrackContent, TrackState } from '#common/contracts/track.ts';
import { addDays, localDateOf } from '#common/domain/streak.ts';

import { TrackCard } from './track-card.tsx';

const COURSE = '00000000-0000-4000-8000-0000000000aa';
const content: TrackContent = {
  courseId: COURSE,
  slug: 'new-believer',
  title: 'First steps: 7 days with Jesus',
  description: 'One short step a day.',
  days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    title: `Day title ${day}`,
    passage: { ref: 'John 10:27', text: 'My sheep listen to My voice', translation: 'BSB' },
    explanation: 'x',
    prayer: 'x',
    action: 'x',
    question: 'x',
    check: { question: 'q', options: ['a', 'b', 'c'], answer: 1, feedback: 'f' },
  })),
};
const state = (over: Partial<TrackState> = {}): TrackState => ({
  courseId: COURSE,
  totalDays: 7,
  days: [],
  isSkipped: false,
  pace: null,
  ...over,
});
const today = localDateOf(new Date());

describe('the dashboard’s 7-day track card', () => {
  it('leads a newcomer to day 1, and can be skipped', async () => {
    let skipped = false;
    const api = stubApi()
      .on('GET', '/api/track/content', { json: content })
      .on('GET', '/api/track', () => ({ json: state({ isSkipped: skipped }) }))
      .on('PUT', '/api/track/skip', () => {
        skipped = true;
        return { json: state({ isSkipped: true }) };
      });
    const { user } = renderWithApp(<TrackCard hasStartedCourse={false} />);
    expect((await screen.findByRole('link', { name: 'Start day 1' })).getAttribute('href')).toBe('/track/day/1');
    expect(screen.getByTestId('track-card').dataset.state).toBe('lead');
    await user.click(screen.getByRole('button', { name: 'Skip it and go straight to the 8-week course' }));
    await waitFor(() => expect(screen.getByTestId('track-card').dataset.state).toBe('quiet'));
    expect(screen.getByText('Skipped. You can take it up any time.')).toBeTruthy();
    expect(api.calls('PUT', '/api/track/skip')).toHaveLength(1);
  });

  it('says the next day opens tomorrow once today’s is done, and stays quiet for someone already in the course', async () => {
    stubApi()
      .on('GET', '/api/track/content', { json: content })
      .on('GET', '/api/track', {
        json: state({
          days: [
            { day: 1, doneOn: addDays(today, -1), answer: 0 },
            { day: 2, doneOn: today, answer: 1 },
          ],
        }),
      });
    renderWithApp(<TrackCard hasStartedCourse />);
    await screen.findByText('Day 3 opens tomorrow. See you then!');
    expect(screen.getByTestId('track-progress').textContent).toBe('2 of 7 days done · 2 days in a row');
    expect(screen.getByRole('link', { name: 'See the track' }).getAttribute('href')).toBe('/track');
  });
});
