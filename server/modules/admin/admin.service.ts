import { Readable } from 'node:stream';
import {
  exportBooleans, exportHeaders, exportRoleNames, LIST_PAGE_SIZE,
  type AdminStats, type ApplicationItem, type AuditEntry, type CallbackItem, type CallbackUpdateBody, type DirectoryFilter, type DirectoryPage,
  type WatchmomsItem, type WatchmomsUpdateBody,
} from '../../../common/contracts/admin.ts';
import { roles, type Role } from '../../../common/contracts/auth.ts';
import { roleAfterApproval, roleChangeRefusal } from '../../../common/domain/eligibility.ts';
import type { Db } from '../../db/client.ts';
import type { watchmomsApplications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './admin.repository.ts';

/** Who acts: a signed-in admin or founder, or the operator at the command line (full rights, no account). */
export type Actor = { kind: 'user'; id: string; role: Role } | { kind: 'cli' };

const actorId = (a: Actor) => (a.kind === 'user' ? a.id : null);
const via = (a: Actor) => (a.kind === 'cli' ? { via: 'command line' } : {});

const person = (id: string | null, firstName: string | null, lastName: string | null, email: string | null) =>
  id && email ? { id, firstName, lastName, email } : null;

// ---- Directory ----

export async function getDirectory(db: Db, q: { search: string; filter: DirectoryFilter; page: number; pageSize: number }): Promise<DirectoryPage> {
  const [{ rows, total }, founderCount] = await Promise.all([
    repo.findDirectoryPage(db, q.search, q.filter, (q.page - 1) * q.pageSize, q.pageSize),
    repo.countFounders(db),
  ]);
  return { users: rows.map(({ createdAt: _c, cursor: _k, total: _t, ...row }) => row), total, page: q.page, pageSize: q.pageSize, founderCount };
}

export const getStats = (db: Db): Promise<AdminStats> => repo.findStats(db);

/** Spreadsheet programs run cells that start with these as formulas; a leading quote keeps them text. */
const FORMULA_START = /^[=+\-@\t\r]/;
function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const EXPORT_BATCH = 2000;

/**
 * The directory (current search and filter) as CSV, streamed in batches so 100,000 rows never sit
 * in memory at once. The export itself is audited: it carries personal data.
 */
export async function exportDirectory(db: Db, actor: Actor, q: { search: string; filter: DirectoryFilter; lang: 'en' | 'fr' }): Promise<Readable> {
  await repo.insertAudit(db, { actorId: actorId(actor), action: 'directory.exported', targetType: 'directory', targetId: null, details: { search: q.search, filter: q.filter } });
  const yesNo = (b: boolean) => exportBooleans[q.lang][b ? 1 : 0];
  async function* lines() {
    // A byte-order mark so spreadsheet programs read the accents as UTF-8.
    yield `\uFEFF${csvLine([...exportHeaders[q.lang]])}`;
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows = await repo.findDirectoryBatchAfter(db, q.search, q.filter, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine([
            r.firstName, r.lastName, r.email, r.phone, r.address, exportRoleNames[q.lang][r.role], r.courseProgress, yesNo(r.courseCompleted),
            r.completedDisciplesCount, r.pendingDisciplesCount, yesNo(r.isAmbassadorEligible), yesNo(r.isCoordinatorEligible), r.createdAt.toISOString().slice(0, 10),
          ]),
        )
        .join('');
      if (rows.length < EXPORT_BATCH) return;
      after = rows[rows.length - 1]!.cursor;
    }
  }
  return Readable.from(lines());
}

// ---- Roles ----

/**
 * Role management. Admins move people between user, ambassador and coordinator; only a founder
 * (or the operator at the command line) grants or removes admin and founder; the last founder
 * keeps the role whoever asks.
 */
export async function changeRole(db: Db, actor: Actor, targetId: string, role: Role): Promise<{ id: string; role: Role }> {
  return db.transaction(async (tx) => {
    await repo.lockRoles(tx);
    const target = await repo.findUserForUpdate(tx, targetId);
    if (!target) throw new AppError('NOT_FOUND', 'No user with this id.');
    if (target.role === role) return { id: target.id, role };
    const refusal = roleChangeRefusal(actor.kind === 'cli' ? 'founder' : actor.role, target.role, role, await repo.countFounders(tx));
    if (refusal === 'not-admin') throw new AppError('FORBIDDEN', "You don't have permission to access the admin dashboard.");
    if (refusal === 'founder-only') throw new AppError('ROLE_FOUNDER_ONLY', 'Only a founder can grant or remove the admin and founder roles.');
    if (refusal === 'last-founder') throw new AppError('LAST_FOUNDER', 'This is the last founder. Make someone else a founder first.');
    await repo.setRole(tx, target.id, role);
    await repo.insertAudit(tx, { actorId: actorId(actor), action: 'user.role_changed', targetType: 'user', targetId: target.id, details: { email: target.email, from: target.role, to: role, ...via(actor) } });
    return { id: target.id, role };
  });
}

/** The command line's `grant <email> <role>`. */
export async function grantRoleByEmail(db: Db, email: string, role: Role) {
  if (!roles.includes(role)) throw new AppError('VALIDATION_FAILED', `role: must be one of ${roles.join(', ')}`);
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}.`);
  return { ...(await changeRole(db, { kind: 'cli' }, user.id, role)), email: user.email, previousRole: user.role };
}

export const listStaff = (db: Db) => repo.findStaff(db);

// ---- Audit log ----

export async function getAuditLog(db: Db, page: number) {
  const { rows, total } = await repo.findAuditPage(db, page);
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    actor: person(r.actorId, r.actorFirstName, r.actorLastName, r.actorEmail),
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: (r.details ?? {}) as Record<string, unknown>,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, total, page, pageSize: LIST_PAGE_SIZE };
}

// ---- Callback requests ----

type CallbackRow = NonNullable<Awaited<ReturnType<typeof repo.findCallback>>>;
const toCallbackItem = (r: CallbackRow): CallbackItem => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  category: r.category,
  scoreBand: r.scoreBand,
  status: r.status,
  notes: r.notes,
  assignee: person(r.assignedTo, r.assigneeFirstName, r.assigneeLastName, r.assigneeEmail),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  isOverdue: r.isOverdue,
  isPriority: r.isPriority,
});

export async function getCallbacks(db: Db, view: 'open' | 'new' | 'contacted' | 'closed' | 'all', page: number) {
  const { rows, total } = await repo.findCallbacks(db, view, page);
  return { items: rows.map(toCallbackItem), total, page, pageSize: LIST_PAGE_SIZE };
}

export async function updateCallback(db: Db, actor: Actor, id: string, body: CallbackUpdateBody): Promise<CallbackItem> {
  await db.transaction(async (tx) => {
    const current = await repo.lockCallback(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'No callback request with this id.');
    const changes: Record<string, unknown> = {};
    const set: Parameters<typeof repo.updateCallback>[2] = {};
    if (body.status !== undefined && body.status !== current.status) {
      set.status = body.status;
      changes.status = { from: current.status, to: body.status };
    }
    if (body.assignedTo !== undefined && body.assignedTo !== current.assignedTo) {
      if (body.assignedTo !== null) {
        const assignee = await repo.findUserForUpdate(tx, body.assignedTo);
        if (!assignee || !repo.TEAM_ROLES.includes(assignee.role))
          throw new AppError('VALIDATION_FAILED', 'assignedTo: must be a team member (ambassador, coordinator, admin or founder)');
        changes.assignedTo = { from: current.assignedTo, to: body.assignedTo, email: assignee.email };
      } else {
        changes.assignedTo = { from: current.assignedTo, to: null };
      }
      set.assignedTo = body.assignedTo;
    }
    // Notes can hold sensitive details: the log records that they changed, not what they say.
    if (body.notes !== undefined && body.notes !== current.notes) {
      set.notes = body.notes;
      changes.notes = 'edited';
    }
    if (Object.keys(changes).length === 0) return;
    await repo.updateCallback(tx, id, set);
    await repo.insertAudit(tx, { actorId: actorId(actor), action: 'callback.updated', targetType: 'callback_request', targetId: id, details: { name: current.name, ...changes } });
  });
  return toCallbackItem((await repo.findCallback(db, id))!);
}

export const getAssignees = (db: Db) => repo.findTeam(db);

// ---- WatchMoms applications ----

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

export async function getWatchmoms(db: Db, status: 'new' | 'approved' | 'declined' | 'contacted' | 'all', page: number) {
  const { rows, total } = await repo.findWatchmoms(db, status, page);
  return { items: rows.map(toWatchmomsItem), total, page, pageSize: LIST_PAGE_SIZE };
}

export async function updateWatchmoms(db: Db, actor: Actor, id: string, body: WatchmomsUpdateBody): Promise<WatchmomsItem> {
  return db.transaction(async (tx) => {
    const current = await repo.lockWatchmoms(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'No WatchMoms application with this id.');
    const changes: Record<string, unknown> = {};
    const set: Parameters<typeof repo.updateWatchmoms>[2] = {};
    if (body.status !== undefined && body.status !== current.status) {
      set.status = body.status;
      changes.status = { from: current.status, to: body.status };
    }
    if (body.notes !== undefined && body.notes !== current.notes) {
      set.notes = body.notes;
      changes.notes = 'edited';
    }
    if (Object.keys(changes).length === 0) return toWatchmomsItem(current);
    const updated = await repo.updateWatchmoms(tx, id, set);
    await repo.insertAudit(tx, { actorId: actorId(actor), action: 'watchmoms.updated', targetType: 'watchmoms_application', targetId: id, details: { name: current.fullName, ...changes } });
    return toWatchmomsItem(updated);
  });
}

// ---- Ambassador applications ----

type ApplicationRow = Awaited<ReturnType<typeof repo.findApplications>>['rows'][number];
const toApplicationItem = (r: ApplicationRow): ApplicationItem => ({
  id: r.id,
  status: r.status,
  user: { id: r.userId, firstName: r.userFirstName, lastName: r.userLastName, email: r.userEmail, role: r.userRole },
  completedDisciples: Number(r.completedDisciples),
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  decidedBy: person(r.deciderId, r.deciderFirstName, r.deciderLastName, r.deciderEmail),
});

export async function getApplications(db: Db, status: 'pending' | 'approved' | 'declined' | 'all', page: number) {
  const { rows, total } = await repo.findApplications(db, status, page);
  return { items: rows.map(toApplicationItem), total, page, pageSize: LIST_PAGE_SIZE };
}

/** Approve (the applicant becomes an ambassador, never lower than they are) or decline a pending application. */
export async function decideApplication(db: Db, actor: Actor & { kind: 'user' }, id: string, decision: 'approve' | 'decline'): Promise<ApplicationItem> {
  await db.transaction(async (tx) => {
    await repo.lockRoles(tx);
    const application = await repo.lockApplication(tx, id);
    if (!application) throw new AppError('NOT_FOUND', 'No ambassador application with this id.');
    if (application.status !== 'pending') throw new AppError('ALREADY_DECIDED', `This application was already ${application.status}.`);
    const status = decision === 'approve' ? 'approved' : 'declined';
    await repo.decideApplication(tx, id, status, actor.id);
    const applicant = (await repo.findUserForUpdate(tx, application.userId))!;
    const details: Record<string, unknown> = { email: applicant.email };
    if (status === 'approved') {
      const role = roleAfterApproval(applicant.role);
      if (role !== applicant.role) {
        await repo.setRole(tx, applicant.id, role);
        details.role = { from: applicant.role, to: role };
      }
    }
    await repo.insertAudit(tx, { actorId: actor.id, action: `ambassador_application.${status}`, targetType: 'ambassador_application', targetId: id, details });
  });
  const { rows } = await repo.findApplications(db, 'all', 1, id);
  return toApplicationItem(rows[0]!);
}
