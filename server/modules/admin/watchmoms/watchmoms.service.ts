import type { WatchmomsItem, WatchmomsList, WatchmomsUpdateBody, WatchmomsView } from '#common/contracts/admin.ts';
import type { Db } from '#server/db/client.ts';
import type { watchmomsApplications } from '#server/db/schema/index.ts';

import { actorId, listPageOf, lockForChange, type Actor } from '../admin-shared.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { WatchmomsRepository } from './watchmoms.repository.ts';

const toWatchmomsItem = (r: typeof watchmomsApplications.$inferSelect): WatchmomsItem => ({
  id: r.id,
  fullName: r.fullName,
  phone: r.phone,
  birthdate: r.birthdate,
  country: r.country,
  cityState: r.cityState,
  streetAddress: r.streetAddress,
  churchAffiliation: r.churchAffiliation,
  reasonForJoining: r.reasonForJoining,
  status: r.status,
  notes: r.notes,
  createdAt: r.createdAt.toISOString(),
});

/** The team's review of WatchMoms applications (the public form lives in public-forms). */
export const watchmomsServiceFactory = ({
  db,
  watchmomsRepo,
  auditRepo,
}: {
  db: Db;
  watchmomsRepo: WatchmomsRepository;
  auditRepo: AuditRepository;
}) => ({
  getPage: async (view: WatchmomsView, page: number): Promise<WatchmomsList> =>
    listPageOf(await watchmomsRepo.findPage(view, page), page, toWatchmomsItem),

  async update({ actor, id, body }: { actor: Actor; id: string; body: WatchmomsUpdateBody }): Promise<WatchmomsItem> {
    return db.transaction(async (tx) => {
      const { current, set, changes, isChanged } = await lockForChange(watchmomsRepo.lock(id, tx), body, {
        notFound: 'No WatchMoms application with this id.',
        secret: ['notes'],
      });
      if (!isChanged) return toWatchmomsItem(current);
      const updated = await watchmomsRepo.update(id, set, tx);
      await auditRepo.insert(
        { actorId: actorId(actor), action: 'watchmoms.updated', targetType: 'watchmoms_application', targetId: id, details: changes },
        tx,
      );
      return toWatchmomsItem(updated);
    });
  },
});
export type WatchmomsService = ReturnType<typeof watchmomsServiceFactory>;
