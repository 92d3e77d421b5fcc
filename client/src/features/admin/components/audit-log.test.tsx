import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../../common/contracts/admin.ts';
import { stubApi } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { AuditLog } from './audit-log.tsx';

const founder = { id: 'f1', firstName: 'Fay', lastName: 'Founder', email: 'fay@example.org' };
const entry = (o: Partial<AuditEntry>): AuditEntry => ({
  id: Math.floor(Math.random() * 1e6), actor: founder, action: 'user.role_changed', targetType: 'user', targetId: 'u1', details: {}, createdAt: '2026-11-23T10:00:00.000Z', target: null, people: {}, ...o,
});

describe('the audit log view', () => {
  it('names people from the live accounts the server sends, and says when one is gone', async () => {
    stubApi().on('GET', '/api/admin/audit-log', {
      json: {
        items: [
          entry({ details: { from: 'user', to: 'coordinator' }, target: { name: 'Gina Live', email: 'gina@example.org' } }),
          entry({ action: 'user.role_changed', targetId: 'u2', details: { from: 'user', to: 'ambassador' }, target: null }),
          entry({ action: 'callback.updated', targetType: 'callback_request', targetId: 'c1', details: { assignedTo: { from: null, to: 't1' } }, people: { t1: { id: 't1', firstName: 'Theo', lastName: 'Team', email: 'theo@example.org' } } }),
          entry({ action: 'account.deleted', actor: null, targetId: 'u3', details: { by: 'retention', reason: 'parental-consent-not-given' } }),
          entry({ action: 'directory.exported', targetType: 'directory', targetId: null, details: { isSearch: true, filter: 'all' } }),
        ],
        total: 5, page: 1, pageSize: 50,
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
