import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '#client/test/render.tsx';
import { crisisCountries, crisisEntries } from '#common/domain/crisis-lines.ts';

import { CrisisLinesCheck } from './crisis-lines-check.tsx';

describe('crisis lines to check again', () => {
  it('says every entry is fresh within 12 months of its check', async () => {
    renderWithApp(<CrisisLinesCheck today={new Date('2027-11-01T12:00:00Z')} />);
    expect(
      await screen.findByText('Every crisis line and emergency number on the Soul Health Check was checked in the last 12 months.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByTestId('stale-crisis-line')).toHaveLength(0);
  });

  it('lists every line and emergency number once its check is more than 12 months old, oldest first, with its source', async () => {
    renderWithApp(<CrisisLinesCheck today={new Date('2027-12-01T12:00:00Z')} />);
    expect(await screen.findByText(`${crisisEntries().length} crisis entries not checked for 12 months`)).toBeInTheDocument();
    const lines = screen.getAllByTestId('stale-crisis-line').map((l) => l.textContent);
    expect(lines).toContain('FR · 3114 · last checked November 27, 2026 · source');
    expect(lines).toContain('CH · emergency · 112 / 144 / 117 · last checked November 27, 2026 · source');
    expect(lines).toContain(
      `Emergency numbers of ${crisisCountries.length} countries (generated) · last checked November 27, 2026 · source`,
    );
    // Lifeline Australia was checked first (23 November).
    expect(lines[0]).toBe('AU · 13 11 14 · last checked November 23, 2026 · source');
    expect(screen.getAllByRole('link', { name: 'source' })[0]).toHaveAttribute('href', 'https://www.lifeline.org.au/');
  });
});
