import type {
  AddDiscipleBody, AddDiscipleResult, AmbassadorApplication, DiscipleNode, DisciplesSummary, PendingDisciples, Progression,
} from '../../../common/contracts/mentoring.ts';
import {
  AMBASSADOR_MIN_COMPLETED_DISCIPLES, ambassadorApplyBlocker, ambassadorRemaining, coordinatorRemaining, isAmbassadorEligible, isCoordinatorEligible,
} from '../../../common/domain/eligibility.ts';
import { buildTree, matchMentorName, wouldCreateCycle } from '../../../common/domain/tree.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { ambassadorApplications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import { findUserByEmail, findUserById } from '../../db/users.ts';
import * as repo from './mentoring.repository.ts';

const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

function toApplication(a: typeof ambassadorApplications.$inferSelect): AmbassadorApplication {
  return { id: a.id, status: a.status, createdAt: a.createdAt.toISOString(), decidedAt: a.decidedAt?.toISOString() ?? null };
}

export async function getSummary(db: Db, user: UserRow): Promise<DisciplesSummary> {
  const { direct, total } = await repo.countDisciples(db, user.id);
  return { directDisciples: direct, totalImpact: total };
}

// Accent-aware alphabetical order ("Élodie" next to "Elodie"), the same in any interface language.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const compareNames = (a: Pick<DiscipleNode, 'id' | 'firstName' | 'lastName'>, b: Pick<DiscipleNode, 'id' | 'firstName' | 'lastName'>) =>
  byName.compare(a.firstName ?? '\uffff', b.firstName ?? '\uffff') || byName.compare(a.lastName ?? '\uffff', b.lastName ?? '\uffff') || (a.id < b.id ? -1 : 1);

export async function getTree(db: Db, user: UserRow): Promise<DiscipleNode> {
  const rows = await repo.findSubtree(db, user.id);
  const tree = buildTree(rows, user.id, (r): Omit<DiscipleNode, 'disciples'> => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, progress: r.progress }));
  if (!tree) return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, progress: 0, disciples: [] };
  // Disciples appear alphabetically under each mentor. Sorting each mentor's own list (most hold a
  // handful) costs far fewer collator comparisons than sorting all 10,000 rows of a big tree.
  const pending: DiscipleNode[] = [tree];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.disciples.length > 1) node.disciples.sort(compareNames);
    for (const disciple of node.disciples) pending.push(disciple);
  }
  return tree;
}

export async function getPending(db: Db, user: UserRow): Promise<PendingDisciples> {
  const [disciples, invitations] = await Promise.all([repo.findPendingDisciples(db, user.id), repo.findOpenInvitations(db, user.id)]);
  return { disciples, invitations: invitations.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })) };
}

/**
 * Add disciple: links the person at once when an account with that email has no mentor, otherwise
 * records an invitation that links them when they sign up with that email.
 */
export async function addDisciple(db: Db, mentor: UserRow, body: AddDiscipleBody): Promise<AddDiscipleResult> {
  if (body.email.toLowerCase() === mentor.email.toLowerCase()) throw new AppError('SELF_MENTOR', "You can't add yourself as your own disciple.");
  return db.transaction(async (tx) => {
    await repo.lockMentorLinks(tx);
    const existing = await findUserByEmail(tx, body.email);
    if (!existing) {
      const invitation = await repo.upsertInvitation(tx, mentor.id, body.fullName, body.email);
      return { outcome: 'invited' as const, invitation: { id: invitation.id, fullName: invitation.fullName, email: invitation.email, createdAt: invitation.createdAt.toISOString() } };
    }
    const name = displayName(existing);
    if (existing.mentorId === mentor.id) throw new AppError('ALREADY_DISCIPLE', `${name} is already your disciple.`);
    if (existing.mentorId) throw new AppError('HAS_MENTOR', `${name} already has a mentor. Each person has one mentor.`);
    const ancestors = await repo.findAncestors(tx, mentor.id);
    if (wouldCreateCycle(mentor.id, ancestors, existing.id))
      throw new AppError('MENTOR_CYCLE', `${name} is above you in your own mentoring line, so they can't also be your disciple.`);
    if (!(await repo.setMentorIfNone(tx, existing.id, mentor.id))) throw new AppError('HAS_MENTOR', `${name} already has a mentor. Each person has one mentor.`);
    await repo.upsertInvitation(tx, mentor.id, body.fullName, body.email, existing.id);
    const progress = await repo.findProgressOf(tx, existing.id);
    return {
      outcome: 'linked' as const,
      disciple: { id: existing.id, firstName: existing.firstName, lastName: existing.lastName, email: existing.email, progress },
    };
  });
}

/** userCreated hook: a new account whose email was invited becomes the disciple of the first mentor who invited it. */
export async function acceptInvitations(db: Tx, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.lockMentorLinks(tx);
    const current = await findUserById(tx, user.id);
    if (!current || current.mentorId) return;
    for (const inv of await repo.findInvitationsForEmail(tx, current.email)) {
      if (wouldCreateCycle(inv.mentorId, await repo.findAncestors(tx, inv.mentorId), current.id)) continue;
      if (await repo.setMentorIfNone(tx, current.id, inv.mentorId)) await repo.markInvitationAccepted(tx, inv.mentorId, current.email, current.id);
      return;
    }
  });
}

/**
 * onboardingCompleted hook: the mentor name typed at onboarding links the user to the one person
 * with that full name (case- and accent-insensitive). No match, several matches, an existing
 * mentor or a link that would make a cycle: nothing is linked (the typed name stays on the user).
 */
export async function linkByMentorName(db: Tx, user: UserRow): Promise<void> {
  const current = await findUserById(db, user.id);
  const typed = current?.mentorName?.trim();
  if (!current || current.mentorId || !typed) return;
  const match = matchMentorName(typed, await repo.findUsersByFullName(db, typed), current.id);
  if (match.kind !== 'unique') return;
  await db.transaction(async (tx) => {
    await repo.lockMentorLinks(tx);
    if (wouldCreateCycle(match.id, await repo.findAncestors(tx, match.id), current.id)) return;
    if (await repo.setMentorIfNone(tx, current.id, match.id)) await repo.markInvitationAccepted(tx, match.id, current.email, current.id);
  });
}

export async function getProgression(db: Db, user: UserRow): Promise<Progression> {
  const [{ direct, completed }, latest] = await Promise.all([repo.countDirectDisciples(db, user.id), repo.findLatestApplication(db, user.id)]);
  return {
    role: user.role,
    directDisciples: direct,
    completedDisciples: completed,
    isCoordinatorEligible: isCoordinatorEligible(direct),
    coordinatorRemaining: coordinatorRemaining(direct),
    isAmbassadorEligible: isAmbassadorEligible(completed),
    ambassadorRemaining: ambassadorRemaining(completed),
    application: latest ? toApplication(latest) : null,
    canApply: ambassadorApplyBlocker(user.role, completed, latest?.status ?? null) === null,
  };
}

/** Apply for the ambassador role: only when ambassador-eligible (isAmbassadorEligible), once at a time. */
export async function applyForAmbassador(db: Db, user: UserRow): Promise<AmbassadorApplication> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockUser(tx, user.id);
    if (!locked) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    const [{ completed }, latest] = await Promise.all([repo.countDirectDisciples(tx, user.id), repo.findLatestApplication(tx, user.id)]);
    switch (ambassadorApplyBlocker(locked.role, completed, latest?.status ?? null)) {
      case 'already-ambassador':
        throw new AppError('ALREADY_AMBASSADOR', 'You already hold the ambassador role or a higher one.');
      case 'pending':
        throw new AppError('APPLICATION_PENDING', 'Your application is already waiting for a decision.');
      case 'not-eligible':
        throw new AppError('NOT_ELIGIBLE', `You can apply once ${AMBASSADOR_MIN_COMPLETED_DISCIPLES} of your disciples have completed the course (now ${completed}).`);
      case null:
        break;
    }
    const created = await repo.insertApplication(tx, user.id);
    if (!created) throw new AppError('APPLICATION_PENDING', 'Your application is already waiting for a decision.');
    return toApplication(created);
  });
}
