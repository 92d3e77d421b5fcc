import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import { LIST_PAGE_SIZE, type PersonRef } from '#common/contracts/admin.ts';
import type { Role } from '#common/domain/roles.ts';

import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** Who acts: a signed-in admin or founder, or the operator at the command line (full rights, no account). */
export type Actor = { kind: 'user'; id: string; role: Role } | { kind: 'cli' };

export const actorId = (a: Actor) => (a.kind === 'user' ? a.id : null);
/** Added to an audit entry's details when the operator acted from the command line. */
export const via = (a: Actor) => (a.kind === 'cli' ? { via: 'command line' } : {});

/** A person as the admin lists show them, or null when the row has none (a left join found nobody). */
export const personRef = (id: string | null, firstName: string | null, lastName: string | null, email: string | null): PersonRef | null =>
  id && email ? { id, firstName, lastName, email } : null;

/** One page of an admin list (LIST_PAGE_SIZE rows), its rows shaped for the API. */
export const listPageOf = <R, T>({ rows, total }: { rows: R[]; total: number }, page: number, shape: (row: R) => T) => ({
  items: rows.map(shape),
  total,
  page,
  pageSize: LIST_PAGE_SIZE,
});

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Offset of a 1-based page of an admin list. */
export const listOffset = (page: number) => (page - 1) * LIST_PAGE_SIZE;

/** A page of rows and how many rows of `table` match `where` in all, read together. */
export async function withTotal<R>(
  rows: Promise<R[]>,
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
): Promise<{ rows: R[]; total: number }> {
  const [page, [count]] = await Promise.all([
    rows,
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(where),
  ]);
  return { rows: page, total: count!.n };
}

/** The fields of an update that differ from the current row, with an audit description of each change. */
export function changedFields<T extends Record<string, unknown>>(current: T, wanted: Partial<T>, { secret = [] as (keyof T)[] } = {}) {
  const set: Partial<T> = {};
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(wanted) as (keyof T)[]) {
    const to = wanted[key];
    if (to === undefined || to === current[key]) continue;
    set[key] = to;
    // Free text (notes) can hold sensitive details: the log records that it changed, not what it says.
    changes[key as string] = secret.includes(key) ? 'edited' : { from: current[key], to };
  }
  return { set, changes, isChanged: Object.keys(changes).length > 0 };
}

/** The locked row about to change (404 with `notFound` when there is none), and what the change would do to it. */
export async function lockForChange<T extends Record<string, unknown>>(
  locked: Promise<T | null>,
  wanted: Partial<T>,
  { notFound, secret = [] as (keyof T)[] }: { notFound: string; secret?: (keyof T)[] },
) {
  const current = await locked;
  if (!current) throw new AppError('NOT_FOUND', notFound);
  return { current, ...changedFields(current, wanted, { secret }) };
}
