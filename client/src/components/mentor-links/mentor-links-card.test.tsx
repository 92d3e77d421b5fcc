import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MentorLinks } from '#common/contracts/mentoring.ts';

import { stubApi } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render.tsx';
import { MentorLinksCard } from './mentor-links-card.tsx';

const LINKS = '/api/mentor-links';
const marc = {
  id: '7f1c2a3e-1111-4222-8333-944455556666',
  kind: 'named-you' as const,
  name: 'Marc Lefèvre',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const links = (overrides: Partial<MentorLinks> = {}): MentorLinks => ({ incoming: [], outgoing: null, mentor: null, ...overrides });

describe('the mentoring links card', () => {
  it('accepts a request: the row goes and a toast confirms who is now in the tree', async () => {
    let answered = false;
    const api = stubApi()
      .on('GET', LINKS, () => ({ json: answered ? links({ mentor: null }) : links({ incoming: [marc] }) }))
      .on('POST', `/api/mentor-links/requests/${marc.id}`, () => {
        answered = true;
        return { json: { ok: true } };
      });
    const { user } = renderWithApp(<MentorLinksCard />);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Marc Lefèvre is now in your tree.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/mentor-links/requests/${marc.id}`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
