import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildInvitation } from '#client/test/factories.ts';
import { stubApi } from '#client/test/fetch-stub.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { DiscipleNode, PendingDisciples } from '#common/contracts/mentoring.ts';

import { useDiscipleTree } from '../api/get-disciple-tree.ts';
import { usePendingDisciples } from '../api/get-pending-disciples.ts';
import { PendingList } from './pending-list.tsx';
import { TreeView } from './tree-view.tsx';

/**
 * As on the page: the tree and the pending list come from the server, and a change fetches both
 * again. The row that asked unmounts as soon as its own list is back, while the other is still on
 * its way (in a browser, one answer comes before the other).
 */
function TreeAndPending() {
  const tree = useDiscipleTree();
  const pending = usePendingDisciples();
  return (
    <>
      {tree.data && <TreeView root={tree.data} />}
      {pending.data && <PendingList pending={pending.data} hasDisciples={false} />}
    </>
  );
}

/** Resolves once `isDone` holds, looking again after every turn of the event loop. */
const until = async (isDone: () => boolean) => {
  while (!isDone()) await new Promise((r) => setTimeout(r, 5));
};
const emptyPending: PendingDisciples = { disciples: [], invitations: [] };

const node = (o: Partial<DiscipleNode>): DiscipleNode => ({
  id: 'me',
  firstName: 'Mia',
  lastName: 'Mentor',
  email: 'mia@example.org',
  progress: 0,
  disciples: [],
  ...o,
});

describe('confirmations that outlive their row', () => {
  it('removing a disciple says it is done, though the row is gone once the tree is fetched again', async () => {
    let isRemoved = false;
    const dan = node({
      id: '00000000-0000-4000-8000-0000000000d1',
      firstName: 'Dan',
      lastName: 'Disciple',
      email: 'dan@example.org',
      progress: 40,
    });
    const removeButton = () => screen.queryByRole('button', { name: 'Remove Dan Disciple from your tree', hidden: true });
    const api = stubApi()
      .on('GET', '/api/disciples/tree', () => ({ json: node({ disciples: isRemoved ? [] : [dan] }) }))
      // The pending list answers after the tree is back without Dan.
      .on('GET', '/api/disciples/pending', async () => {
        if (isRemoved) await until(() => removeButton() === null);
        return { json: emptyPending };
      })
      .on('DELETE', `/api/disciples/${dan.id}`, () => {
        isRemoved = true;
        return { status: 204 };
      });
    const { user } = renderWithApp(<TreeAndPending />);
    await user.click(await screen.findByRole('button', { name: 'Remove Dan Disciple from your tree' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.calls('DELETE', `/api/disciples/${dan.id}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Dan Disciple from your tree' })).toBeNull());
    expect(await screen.findByText('Dan Disciple is no longer in your tree.')).toBeInTheDocument();
  });

  it('cancelling an invitation says it is done, though the invitation is gone once the list is fetched again', async () => {
    let isCancelled = false;
    const invitation = buildInvitation({ fullName: 'Gone Soon', lastSentAt: new Date().toISOString() });
    const cancelButton = () => screen.queryByRole('button', { name: 'Cancel the invitation to Gone Soon', hidden: true });
    stubApi()
      .on('GET', '/api/disciples/pending', (): { json: PendingDisciples } => ({
        json: { disciples: [], invitations: isCancelled ? [] : [invitation] },
      }))
      // The tree answers after the list is back without the invitation.
      .on('GET', '/api/disciples/tree', async () => {
        if (isCancelled) await until(() => cancelButton() === null);
        return { json: node({}) };
      })
      .on('DELETE', `/api/disciples/invitations/${invitation.id}`, () => {
        isCancelled = true;
        return { status: 204 };
      });
    const { user } = renderWithApp(<TreeAndPending />);
    await user.click(await screen.findByRole('button', { name: 'Cancel the invitation to Gone Soon' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel the invitation to Gone Soon' })).toBeNull());
    expect(await screen.findByText('Gone Soon will not join your tree by this invitation.')).toBeInTheDocument();
  });
});
