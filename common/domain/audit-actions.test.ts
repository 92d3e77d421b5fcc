import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { auditActions } from './audit-actions.ts';

/**
 * The audit log names each action in the admin's language. The server can only write actions of
 * `auditActions` (the audit_log.action column is typed with it), so every one needs a label here,
 * or the admin console shows a raw id such as "mfa.recovery-code-used".
 */
const labels = (lng: string) =>
  JSON.parse(readFileSync(path.resolve('client/public/locales', lng, 'admin.json'), 'utf8')).audit.actions as Record<
    string,
    Record<string, unknown>
  >;

describe('audit actions', () => {
  it.each(['en', 'fr'])('each one the server writes has a label in %s', (lng) => {
    const byGroup = labels(lng);
    const missing = auditActions.filter((action) => {
      const dot = action.indexOf('.');
      const label = byGroup[action.slice(0, dot)]?.[action.slice(dot + 1)];
      return typeof label !== 'string' || label.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it('are written by the typed schema only: no database function inserts into the log behind the type checker', () => {
    const sqlDir = path.resolve('server/db/sql');
    const files = readdirSync(sqlDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.sql'));
    const writers = files.filter((f) => /insert\s+into\s+"?audit_log"?/i.test(readFileSync(path.join(sqlDir, f), 'utf8')));
    expect(writers).toEqual([]);
  });
});
