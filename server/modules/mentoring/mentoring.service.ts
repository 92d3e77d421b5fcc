import type {
  AddDiscipleBody,
  AddDiscipleResult,
  AdminMentorView,
  AmbassadorApplication,
  DiscipleNode,
  DisciplesSummary,
  MentorLinks,
  PendingDisciples,
  Progression,
  SetMentorBody,
  SetMentorResult,
} from '#common/contracts/mentoring.ts';
import {
  AMBASSADOR_MIN_COMPLETED_DISCIPLES,
  ambassadorApplyBlocker,
  ambassadorRemaining,
  coordinatorRemaining,
  isAmbassadorEligible,
  isCoordinatorEligible,
} from '#common/domain/eligibility.ts';
import { displayNameOf, fullNameOf } from '#common/domain/names.ts';
import { buildTree, matchMentorName, wouldCreateCycle } from '#common/domain/tree.ts';

import type { Db, Tx } from '../../db/client.ts';
import type { ambassadorApplications } from '../../db/schema/index.ts';
import { findUserByEmail, findUserById } from '../../db/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import { APPROVAL_REQUIRED_MESSAGE, type SafeguardingService } from '../safeguarding/safeguarding.service.ts';
import { toInvitation, type InvitationMailer } from './invitations.ts';
import type { MentoringRepository } from './mentoring.repository.ts';

function toApplication(a: typeof ambassadorApplications.$inferSelect): AmbassadorApplication {
  return { id: a.id, status: a.status, createdAt: a.createdAt.toISOString(), decidedAt: a.decidedAt?.toISOString() ?? null };
}

/**
 * The signed-in user's disciples, mentor links and progression; `invitations` mails what "add
 * disciple" creates; `safeguarding` holds the rule every new link passes (issue 25: an adult and a
 * minor only while the adult is approved).
 */
export function mentoringServiceFactory({
  db,
  mentoringRepo: repo,
  invitations,
  safeguarding,
}: {
  db: Db;
  mentoringRepo: MentoringRepository;
  invitations: InvitationMailer;
  safeguarding: Pick<SafeguardingService, 'checkLink' | 'isLinkAllowed' | 'tellParentOfNewMentor'>;
}) {
  /**
   * Whether `mentorId` and `discipleId` may be linked now (issue 25). A refusal is recorded (the
   * adult is listed as awaiting approval); the caller decides what the person acting is told.
   */
  async function safeguardingRefusal(tx: Tx, mentorId: string, discipleId: string, actorId: string | null, { willThrow = false } = {}) {
    const [mentor, disciple] = await Promise.all([findUserById(tx, mentorId), findUserById(tx, discipleId)]);
    if (!mentor || !disciple) return null;
    return safeguarding.checkLink(tx, mentor, disciple, actorId, { willThrow });
  }

  /**
   * Refuses a link the safeguarding rule does not allow: the unapproved adult acting is told how to
   * get approved; anyone else (the minor) gets `neutral`, the same answer as any other refusal.
   */
  async function assertSafeguarded(tx: Tx, mentorId: string, discipleId: string, actorId: string, neutral: () => AppError) {
    const refusal = await safeguardingRefusal(tx, mentorId, discipleId, actorId, { willThrow: true });
    if (!refusal) return;
    if (refusal.isActorUnapproved) throw new AppError('MENTOR_APPROVAL_REQUIRED', APPROVAL_REQUIRED_MESSAGE);
    throw neutral();
  }

  async function getSummary(user: UserRow): Promise<DisciplesSummary> {
    const { direct, total } = await repo.countDisciples(user.id);
    return { directDisciples: direct, totalImpact: total };
  }

  // Accent-aware alphabetical order ("Élodie" next to "Elodie"), the same in any interface language.
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const compareNames = (a: Pick<DiscipleNode, 'id' | 'firstName' | 'lastName'>, b: Pick<DiscipleNode, 'id' | 'firstName' | 'lastName'>) =>
    byName.compare(a.firstName ?? '\uffff', b.firstName ?? '\uffff') ||
    byName.compare(a.lastName ?? '\uffff', b.lastName ?? '\uffff') ||
    (a.id < b.id ? -1 : 1);

  async function getTree(user: UserRow): Promise<DiscipleNode> {
    const rows = await repo.findSubtree(user.id);
    // A paused link (issue 25) shows its name and "paused" only: no email, no progress, nobody below.
    const tree = buildTree(rows, user.id, (r): Omit<DiscipleNode, 'disciples'> =>
      r.isPaused && r.id !== user.id
        ? { id: r.id, firstName: r.firstName, lastName: r.lastName, email: '', progress: 0, isPaused: true }
        : { id: r.id, firstName: r.firstName, lastName: r.lastName, email: r.email, progress: r.progress, trackDays: r.trackDays },
    );
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

  async function getPending(user: UserRow): Promise<PendingDisciples> {
    const [disciples, invitations] = await Promise.all([repo.findPendingDisciples(user.id), repo.findOpenInvitations(user.id)]);
    return { disciples, invitations: invitations.map(toInvitation) };
  }

  /**
   * Add disciple: always an invitation with the name the mentor typed, and always the same answer, so
   * it tells nobody whether the email has an account. Someone without an account joins when they sign
   * up with that email; the owner of an account accepts or declines it on their dashboard. When that
   * person already named this mentor at onboarding, both have said yes: they are linked at once.
   */
  async function addDisciple(mentor: UserRow, body: AddDiscipleBody): Promise<AddDiscipleResult> {
    if (body.email.toLowerCase() === mentor.email.toLowerCase())
      throw new AppError('SELF_MENTOR', "You can't add yourself as your own disciple.");
    const result = await db.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      const existing = await findUserByEmail(tx, body.email);
      // The mentor already sees their disciples' emails in the tree: saying so reveals nothing new.
      if (existing?.mentorId === mentor.id) throw new AppError('ALREADY_DISCIPLE', `${displayNameOf(existing)} is already your disciple.`);
      // Asked after the disciple check, and the same for any email: it only looks at this mentor's own invitations.
      if (await repo.findOpenInvitation(mentor.id, body.email, { isOwnOnly: true }, tx))
        throw new AppError(
          'ALREADY_INVITED',
          `You already invited ${body.email}. You can send the invitation again from your pending invitations.`,
        );
      const invitation = await repo.upsertInvitation(mentor.id, body.fullName, body.email, {}, tx);
      const lastSentAt = await invitations.send(tx, mentor, invitation);
      const request = existing && !existing.mentorId ? await repo.findMentorRequest(existing.id, tx) : null;
      const bothAgree = existing && request?.mentorId === mentor.id && !request.declinedAt;
      // Not linked when the safeguarding rule refuses: the answer stays the same (it tells nothing about
      // the account), and the request waits on the mentor's dashboard, where accepting says why.
      if (
        bothAgree &&
        !wouldCreateCycle(mentor.id, await repo.findAncestors(mentor.id, tx), existing.id) &&
        !(await safeguardingRefusal(tx, mentor.id, existing.id, mentor.id))
      )
        await link(tx, existing.id, mentor.id, { invitationId: invitation.id });
      return { outcome: 'invited' as const, invitation: toInvitation({ ...invitation, lastSentAt }) };
    });
    invitations.wake();
    return result;
  }

  /**
   * Makes `discipleId` the disciple of `mentorId` (the caller holds the link lock and checked both agreed):
   * refuses a loop, closes the request and the invitation that led here.
   */
  async function link(tx: Tx, discipleId: string, mentorId: string, via: { invitationId?: string }): Promise<void> {
    if (wouldCreateCycle(mentorId, await repo.findAncestors(mentorId, tx), discipleId))
      throw new AppError(
        'MENTOR_CYCLE',
        'This person is above the mentor in their own mentoring line, so they cannot also be their disciple.',
      );
    if (!(await repo.setMentorIfNone(discipleId, mentorId, tx)))
      throw new AppError('HAS_MENTOR', 'This person already has a mentor. Each person has one mentor.');
    await repo.deleteMentorRequest(discipleId, tx);
    if (via.invitationId) await repo.acceptInvitation(via.invitationId, discipleId, tx);
    // A parent who agreed for a minor is mailed the page of their child's mentors (issue 25).
    const disciple = await findUserById(tx, discipleId);
    if (disciple) await safeguarding.tellParentOfNewMentor(tx, disciple);
  }

  /**
   * userCreated hook: someone signing up with an email a mentor invited (the link the mentor shared)
   * becomes the disciple of the first mentor who invited it. An account that already exists is never
   * attached this way: its owner answers the invitation on their dashboard.
   */
  async function acceptInvitations(within: Tx, user: UserRow): Promise<void> {
    await within.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      const current = await findUserById(tx, user.id);
      if (!current || current.mentorId) return;
      for (const inv of await repo.findInvitationsForEmail(current.email, tx)) {
        if (wouldCreateCycle(inv.mentorId, await repo.findAncestors(inv.mentorId, tx), current.id)) continue;
        // An unapproved adult's invitation to a minor stays open, unseen, until the adult is approved (issue 25).
        if (await safeguardingRefusal(tx, inv.mentorId, current.id, null)) continue;
        if (await repo.setMentorIfNone(current.id, inv.mentorId, tx)) {
          await repo.markInvitationAccepted(inv.mentorId, current.email, current.id, tx);
          await safeguarding.tellParentOfNewMentor(tx, current);
        }
        return;
      }
    });
  }

  /**
   * onboardingCompleted hook: the mentor name typed at onboarding, when exactly one other person has
   * that full name (case- and accent-insensitive), becomes a request that person accepts or declines.
   * Nothing is linked and nothing counts toward their eligibility until they accept. If that person
   * had already invited this user's email, both have said yes and they are linked at once. The
   * person named is mailed the request; the caller wakes the mail workers after its commit.
   */
  async function linkByMentorName(within: Tx, user: UserRow): Promise<void> {
    const current = await findUserById(within, user.id);
    const typed = current?.mentorName?.trim();
    if (!current || current.mentorId || !typed) return;
    const match = matchMentorName(typed, await repo.findUsersByFullName(typed, within), current.id);
    if (match.kind !== 'unique') return;
    await within.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      // The named person is this user's own disciple (or further down): a request could never be accepted.
      if (wouldCreateCycle(match.id, await repo.findAncestors(match.id, tx), current.id)) return;
      const invitation = await repo.findOpenInvitation(match.id, current.email, {}, tx);
      // Both said yes, but an adult and a minor need the adult's approval first (issue 25): then it
      // stays a request the named person answers, and accepting tells them how to get approved.
      if (invitation && !(await safeguardingRefusal(tx, match.id, current.id, current.id)))
        await link(tx, current.id, match.id, { invitationId: invitation.id });
      else {
        await repo.upsertMentorRequest(current.id, match.id, tx);
        // Told by mail too, not only by a card on a dashboard they may not open for weeks.
        const mentor = await findUserById(tx, match.id);
        if (mentor) await invitations.sendMentorRequest(tx, mentor, { id: current.id, name: fullNameOf(current) });
      }
    });
  }

  /** What the signed-in user is asked to answer, where their own request stands, and who their mentor is. */
  async function getLinks(user: UserRow): Promise<MentorLinks> {
    const current = (await findUserById(db, user.id)) ?? user;
    const [requests, invitations, outgoing, mentor] = await Promise.all([
      repo.findRequestsTo(user.id),
      current.mentorId ? Promise.resolve([]) : repo.findInvitationsTo(current.email),
      repo.findMentorRequest(user.id),
      current.mentorId ? findUserById(db, current.mentorId) : Promise.resolve(null),
    ]);
    const outgoingMentor = outgoing && !current.mentorId ? await findUserById(db, outgoing.mentorId) : null;
    // An unapproved adult's invitation is not shown to a minor (issue 25): it appears once the adult is approved.
    const shownInvitations = [];
    for (const i of invitations) {
      const mentorOf = await findUserById(db, i.mentorId);
      if (mentorOf && (await safeguarding.isLinkAllowed(db, mentorOf, current))) shownInvitations.push(i);
    }
    return {
      incoming: [
        ...requests.map((r) => ({ id: r.id, kind: 'named-you' as const, name: fullNameOf(r), createdAt: r.createdAt.toISOString() })),
        ...shownInvitations.map((i) => ({
          id: i.id,
          kind: 'invited-you' as const,
          name: fullNameOf(i) || i.email,
          createdAt: i.createdAt.toISOString(),
        })),
      ],
      outgoing:
        outgoing && outgoingMentor
          ? { mentorName: fullNameOf(outgoingMentor) || (current.mentorName ?? ''), status: outgoing.declinedAt ? 'declined' : 'pending' }
          : null,
      mentor: mentor
        ? { id: mentor.id, name: fullNameOf(mentor) || mentor.email, ...(current.mentorPausedAt ? { isPaused: true } : {}) }
        : null,
    };
  }

  /** The named mentor answers someone who named them at onboarding. */
  async function answerRequest(mentor: UserRow, discipleId: string, accept: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      const request = await repo.findMentorRequest(discipleId, tx);
      if (!request || request.mentorId !== mentor.id || request.declinedAt)
        throw new AppError('NOT_FOUND', 'This request is no longer waiting for an answer.');
      if (accept) {
        await assertSafeguarded(
          tx,
          mentor.id,
          discipleId,
          mentor.id,
          () => new AppError('NOT_FOUND', 'This request is no longer waiting for an answer.'),
        );
        await link(tx, discipleId, mentor.id, {});
        const disciple = await findUserById(tx, discipleId);
        if (disciple) await repo.markInvitationAccepted(mentor.id, disciple.email, discipleId, tx);
      } else await repo.declineMentorRequest(discipleId, tx);
      await repo.insertAudit(
        {
          actorId: mentor.id,
          action: accept ? 'mentoring.request_accepted' : 'mentoring.request_declined',
          targetType: 'user',
          targetId: discipleId,
          details: { mentorId: mentor.id },
        },
        tx,
      );
    });
  }

  /** The owner of an account answers a mentor's invitation to their email. */
  async function answerInvitation(user: UserRow, invitationId: string, accept: boolean): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      const invitation = await repo.findInvitation(invitationId, tx);
      const isOpen =
        invitation && !invitation.acceptedUserId && !invitation.declinedAt && invitation.email.toLowerCase() === user.email.toLowerCase();
      if (!invitation || !isOpen) throw new AppError('NOT_FOUND', 'This invitation is no longer waiting for an answer.');
      if (accept) {
        const current = await findUserById(tx, user.id);
        if (current?.mentorId)
          throw new AppError('HAS_MENTOR', 'You already have a mentor. Leave your mentor first to accept another one.');
        await assertSafeguarded(
          tx,
          invitation.mentorId,
          user.id,
          user.id,
          () => new AppError('NOT_FOUND', 'This invitation is no longer waiting for an answer.'),
        );
        await link(tx, user.id, invitation.mentorId, { invitationId });
      } else await repo.declineInvitation(invitationId, tx);
      await repo.insertAudit(
        {
          actorId: user.id,
          action: accept ? 'mentoring.invitation_accepted' : 'mentoring.invitation_declined',
          targetType: 'user',
          targetId: user.id,
          details: { mentorId: invitation.mentorId },
        },
        tx,
      );
    });
  }

  /** Withdraws the user's own waiting request, or closes the notice that it was declined. */
  async function dismissOutgoing(user: UserRow): Promise<void> {
    await repo.deleteMentorRequest(user.id);
  }

  /** A disciple leaves their mentor: the link goes, the mentor's counts follow (mentor_stats triggers). Audited. */
  async function leaveMentor(user: UserRow): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      const current = await findUserById(tx, user.id);
      if (!current?.mentorId || !(await repo.clearMentor(user.id, current.mentorId, tx)))
        throw new AppError('NOT_FOUND', 'You have no mentor to leave.');
      await repo.insertAudit(
        {
          actorId: user.id,
          action: 'mentoring.mentor_left',
          targetType: 'user',
          targetId: user.id,
          details: { mentorId: current.mentorId },
        },
        tx,
      );
    });
  }

  /** A mentor removes one of their direct disciples. Audited. */
  async function removeDisciple(mentor: UserRow, discipleId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockMentorLinks(tx);
      if (!(await repo.clearMentor(discipleId, mentor.id, tx)))
        throw new AppError('NOT_FOUND', 'This person is not one of your disciples.');
      await repo.insertAudit(
        {
          actorId: mentor.id,
          action: 'mentoring.disciple_removed',
          targetType: 'user',
          targetId: discipleId,
          details: { mentorId: mentor.id },
        },
        tx,
      );
    });
  }

  /** An admin sets the mentor of someone who asked for one (or clears it). Audited with the previous mentor. */
  /** Someone's current mentor, for the admin about to change it. */
  async function getMentorForAdmin(userId: string): Promise<AdminMentorView> {
    const target = await findUserById(db, userId);
    if (!target) throw new AppError('NOT_FOUND', 'No such user.');
    const mentor = target.mentorId ? await findUserById(db, target.mentorId) : null;
    return { mentor: mentor ? { name: displayNameOf(mentor), email: mentor.email } : null };
  }

  /**
   * An admin places someone under a mentor (by the mentor's email) or clears their mentor (null).
   * Placing asks the person, as a mentor's own invitation does (decision 039, issue 24): an
   * invitation from that mentor waits on their dashboard, and the link is made only when they accept,
   * founders and admins included. Someone who already named that mentor at onboarding has said yes:
   * they are linked at once. A person who has a mentor keeps them until the admin clears that link
   * (409 HAS_MENTOR), so nobody is moved between mentors without a word. Clearing narrows access and
   * takes effect at once. Audited either way.
   */
  async function setMentorByAdmin(admin: UserRow, userId: string, body: SetMentorBody): Promise<SetMentorResult> {
    const result = await db.transaction(async (tx): Promise<SetMentorResult> => {
      await repo.lockMentorLinks(tx);
      const target = await findUserById(tx, userId);
      if (!target) throw new AppError('NOT_FOUND', 'No such user.');
      if (!body.mentorEmail) {
        await repo.setMentor(target.id, null, tx);
        await repo.insertAudit(
          {
            actorId: admin.id,
            action: 'mentoring.mentor_set',
            targetType: 'user',
            targetId: target.id,
            details: { from: target.mentorId, to: null },
          },
          tx,
        );
        return { outcome: 'removed' };
      }
      const mentor = await findUserByEmail(tx, body.mentorEmail);
      if (!mentor) throw new AppError('NOT_FOUND', 'No account has this email.');
      if (mentor.id === target.id) throw new AppError('SELF_MENTOR', 'A person cannot be their own mentor.');
      if (target.mentorId === mentor.id) return { outcome: 'linked' };
      if (target.mentorId)
        throw new AppError('HAS_MENTOR', 'This person already has a mentor. Remove that link first, then ask them about the new mentor.');
      if (wouldCreateCycle(mentor.id, await repo.findAncestors(mentor.id, tx), target.id))
        throw new AppError(
          'MENTOR_CYCLE',
          'This person is above that mentor in their own mentoring line, so they cannot also be their disciple.',
        );
      // An adult and a minor: the adult must be approved first (issue 25), whoever places them.
      if (await safeguardingRefusal(tx, mentor.id, target.id, admin.id, { willThrow: true }))
        throw new AppError(
          'MENTOR_APPROVAL_REQUIRED',
          'This adult is not approved to mentor people under 18. Approve them in the Safeguarding tab first, then place the person.',
        );
      const request = await repo.findMentorRequest(target.id, tx);
      const hasNamedMentor = request?.mentorId === mentor.id && !request.declinedAt;
      // The invitation comes from the mentor, under the person's own name, marked as the admin's request;
      // asking again reopens one they declined.
      const invitation = await repo.upsertInvitation(mentor.id, displayNameOf(target), target.email, { askedById: admin.id }, tx);
      await invitations.send(tx, mentor, invitation);
      if (hasNamedMentor) await link(tx, target.id, mentor.id, { invitationId: invitation.id });
      await repo.insertAudit(
        {
          actorId: admin.id,
          action: hasNamedMentor ? 'mentoring.mentor_set' : 'mentoring.mentor_asked',
          targetType: 'user',
          targetId: target.id,
          details: hasNamedMentor ? { from: null, to: mentor.id } : { mentorId: mentor.id, invitationId: invitation.id },
        },
        tx,
      );
      return { outcome: hasNamedMentor ? 'linked' : 'asked' };
    });
    invitations.wake();
    return result;
  }

  async function getProgression(user: UserRow): Promise<Progression> {
    const [{ direct, completed }, latest] = await Promise.all([repo.countDirectDisciples(user.id), repo.findLatestApplication(user.id)]);
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
  async function applyForAmbassador(user: UserRow): Promise<AmbassadorApplication> {
    return db.transaction(async (tx) => {
      const locked = await repo.lockUser(user.id, tx);
      if (!locked) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
      const [{ completed }, latest] = await Promise.all([repo.countDirectDisciples(user.id, tx), repo.findLatestApplication(user.id, tx)]);
      switch (ambassadorApplyBlocker(locked.role, completed, latest?.status ?? null)) {
        case 'already-ambassador':
          throw new AppError('ALREADY_AMBASSADOR', 'You already hold the ambassador role or a higher one.');
        case 'pending':
          throw new AppError('APPLICATION_PENDING', 'Your application is already waiting for a decision.');
        case 'not-eligible':
          throw new AppError(
            'NOT_ELIGIBLE',
            `You can apply once ${AMBASSADOR_MIN_COMPLETED_DISCIPLES} of your disciples have completed the course (now ${completed}).`,
          );
        case null:
          break;
      }
      const created = await repo.insertApplication(user.id, tx);
      if (!created) throw new AppError('APPLICATION_PENDING', 'Your application is already waiting for a decision.');
      return toApplication(created);
    });
  }

  return {
    getSummary,
    getTree,
    getPending,
    addDisciple,
    acceptInvitations,
    linkByMentorName,
    getLinks,
    answerRequest,
    answerInvitation,
    dismissOutgoing,
    leaveMentor,
    removeDisciple,
    getMentorForAdmin,
    setMentorByAdmin,
    getProgression,
    applyForAmbassador,
  };
}

export type MentoringService = ReturnType<typeof mentoringServiceFactory>;
