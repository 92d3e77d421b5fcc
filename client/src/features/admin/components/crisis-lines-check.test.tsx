import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { CrisisLinesCheck } from './crisis-lines-check.tsx';

describe('crisis lines to check again', () => {
  it('says every line is fresh within 12 months of its check', async () => {
    renderWithApp(<CrisisLinesCheck today={new Date('2027-11-01T12:00:00Z')} />);
    expect(await screen.findByText('Every crisis line on the Soul Health Check was checked in the last 12 months.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('stale-crisis-line')).toHaveLength(0);
  });

  it('lists every line once its check is more than 12 months old, with its source', async () => {
    renderWithApp(<CrisisLinesCheck today={new Date('2027-12-01T12:00:00Z')} />);
    expect(await screen.findByText('8 crisis lines not checked for 12 months')).toBeInTheDocument();
    const lines = screen.getAllByTestId('stale-crisis-line');
    expect(lines.map((l) => l.textContent)).toContain('FR · 3114 · last checked November 23, 2026 · source');
    expect(screen.getAllByRole('link', { name: 'source' })[0]).toHaveAttribute('href', 'https://988lifeline.org/');
  });
});
