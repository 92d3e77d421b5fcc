import type { z } from 'zod';
import type { callbackRequestBody, WatchmomsApplicationBody } from '../../../common/contracts/public-forms.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './public-forms.repository.ts';

const toRow = (body: WatchmomsApplicationBody): repo.NewWatchmomsApplication => ({
  fullName: body.fullName,
  phone: body.phone,
  birthdate: body.birthdate ?? null,
  country: body.country,
  cityState: body.cityState,
  streetAddress: body.streetAddress || null,
  churchAffiliation: body.churchAffiliation,
  reasonForJoining: body.reasonForJoining,
  consent: body.consent,
});

const sameApplication = (a: repo.NewWatchmomsApplication, b: repo.WatchmomsApplicationRow) =>
  (Object.keys(a) as (keyof repo.NewWatchmomsApplication)[]).every((k) => (a[k] ?? null) === (b[k as keyof repo.WatchmomsApplicationRow] ?? null));

/**
 * Stores a WatchMoms application. With an idempotency key, sending the same application again
 * (a double click, a retry after a lost response) returns the first one instead of storing it twice;
 * reusing a key for a different application is a conflict.
 */
export async function submitWatchmomsApplication(db: Db, body: WatchmomsApplicationBody, idempotencyKey: string | undefined) {
  const values = { ...toRow(body), idempotencyKey: idempotencyKey ?? null };
  const created = await repo.insertWatchmomsApplication(db, values);
  if (created) return { id: created.id, created: true };
  const existing = await repo.findWatchmomsApplicationByKey(db, idempotencyKey!);
  if (!existing || !sameApplication(toRow(body), existing))
    throw new AppError('CONFLICT', 'This idempotency key was already used for a different application.');
  return { id: existing.id, created: false };
}

/** Stores a callback request; `userId` is the signed-in requester, or null for a visitor. */
export async function submitCallbackRequest(db: Db, body: z.output<typeof callbackRequestBody>, userId: string | null) {
  return repo.insertCallbackRequest(db, { name: body.name, phone: body.phone, category: body.category, scoreBand: body.scoreBand, userId });
}
