import type { z } from 'zod';

import type { callbackRequestBody, WatchmomsApplicationBody } from '#common/contracts/public-forms.ts';

import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NewWatchmomsApplication, PublicFormsRepository, WatchmomsApplicationRow } from './public-forms.repository.ts';

const toRow = (body: WatchmomsApplicationBody): NewWatchmomsApplication => ({
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

const sameApplication = (a: NewWatchmomsApplication, b: WatchmomsApplicationRow) =>
  (Object.keys(a) as (keyof NewWatchmomsApplication)[]).every((k) => (a[k] ?? null) === (b[k as keyof WatchmomsApplicationRow] ?? null));

/** What other modules do when a callback request is stored, in its transaction (the staff alerts). */
export interface CallbackRequestHooks {
  onCreated(
    tx: Tx,
    request: {
      id: string;
      category: z.output<typeof callbackRequestBody>['category'];
      scoreBand: z.output<typeof callbackRequestBody>['scoreBand'];
    },
  ): Promise<void>;
  /** After the commit (wakes the mail workers). */
  afterCommit(): void;
}

interface Deps {
  db: Db;
  formsRepo: PublicFormsRepository;
  callbackHooks?: CallbackRequestHooks;
}

export const publicFormsServiceFactory = ({ db, formsRepo, callbackHooks }: Deps) => ({
  /**
   * Stores a WatchMoms application. With an idempotency key, sending the same application again
   * (a double click, a retry after a lost response) returns the first one instead of storing it twice;
   * reusing a key for a different application is a conflict.
   */
  async submitWatchmomsApplication(body: WatchmomsApplicationBody, idempotencyKey: string | undefined) {
    const values = { ...toRow(body), idempotencyKey: idempotencyKey ?? null };
    const created = await formsRepo.insertWatchmomsApplication(values);
    if (created) return { id: created.id, created: true };
    const existing = await formsRepo.findWatchmomsApplicationByKey(idempotencyKey!);
    if (!existing || !sameApplication(toRow(body), existing))
      throw new AppError('CONFLICT', 'This idempotency key was already used for a different application.');
    return { id: existing.id, created: false };
  },

  /** Stores a callback request; `userId` is the signed-in requester, or null for a visitor. */
  async submitCallbackRequest(body: z.output<typeof callbackRequestBody>, userId: string | null) {
    const { consent: _given, ...fields } = body;
    const created = await db.transaction(async (tx) => {
      const row = await formsRepo.insertCallbackRequest({ ...fields, userId }, tx);
      await callbackHooks?.onCreated(tx, { id: row.id, category: body.category, scoreBand: body.scoreBand });
      return row;
    });
    callbackHooks?.afterCommit();
    return created;
  },
});
export type PublicFormsService = ReturnType<typeof publicFormsServiceFactory>;
