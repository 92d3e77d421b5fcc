import type { z } from 'zod';
import type { callbackRequestBody, WatchmomsApplicationBody } from '../../../common/contracts/public-forms.ts';
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

export const publicFormsServiceFactory = ({ formsRepo }: { formsRepo: PublicFormsRepository }) => ({
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
    return formsRepo.insertCallbackRequest({ name: body.name, phone: body.phone, category: body.category, scoreBand: body.scoreBand, userId });
  },
});
export type PublicFormsService = ReturnType<typeof publicFormsServiceFactory>;
