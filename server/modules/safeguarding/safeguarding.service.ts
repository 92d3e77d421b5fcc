import {
  concernStatusPagePath,
  parentMentorsPagePath,
  type ApprovalResult,
  type ApproveMentor,
  type ConcernDetail,
  type ConcernList,
  type ConcernReceipt,
  type ConcernStatusView,
  type MyConcerns,
  type MyMentorApproval,
  type ParentConcern,
  type ParentMentorsView,
  type PublicConcern,
  type RaiseConcern,
  type SafeguardingAudit,
  type SafeguardingLinks,
  type SafeguardingMentors,
} from '#common/contracts/safeguarding.ts';
import { displayNameOf, fullNameOf } from '#common/domain/names.ts';
import {
  adultsNeedingApproval,
  APPROVAL_REMINDER_DAYS,
  APPROVAL_RETENTION_YEARS,
  CONCERN_OVERDUE_HOURS,
  CONCERN_RETENTION_YEARS,
  defaultApprovalExpiry,
  isPossiblyAdult,
  isPossiblyMinor,
  type ConcernSource,
  type ConcernStatus,
} from '#common/domain/safeguarding.ts';

import type { Db, Tx } from '../../db/client.ts';
import { findUserByEmail, findUserById } from '../../db/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken, type UserRow } from '../../lib/session.ts';
import type { MailSender } from '../mail/mail.service.ts';
import { toMailLocale, type MailLocale } from '../mail/mail.templates.ts';
import type { ConcernRow, SafeguardingRepository } from './safeguarding.repository.ts';

export const SAFEGUARDING_DAILY_QUEUE = 'safeguarding-daily';
export const CONCERN_ESCALATION_QUEUE = 'safeguarding-concern-escalation';

/** What an adult is told when a link with a minor needs their approval first (the client words it from the code). */
export const APPROVAL_REQUIRED_MESSAGE =
  "Mentoring someone under 18 needs the ministry's approval as a mentor of minors. Ask the ministry's safeguarding lead (through the support contact on your dashboard) to approve you; once approved, try again.";

type Person = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'birthYear' | 'birthMonth'>;
const ref = (p: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>) => ({ id: p.id, name: fullNameOf(p) || p.email, email: p.email });
const DAY_MS = 86_400_000;

interface Deps {
  db: Db;
  safeguardingRepo: SafeguardingRepository;
  mail: MailSender;
  /** TZ_DEFAULT: dates in mails are written in it. */
  timeZone: string;
}

/**
 * Safeguarding (issue 25, docs/decisions/072): approvals of adults who mentor minors, the rule that
 * every new mentoring link checks, paused links, concerns and the daily jobs. Nothing here logs a
 * name, an email or what a concern says; the audit rows hold ids only.
 */
export function safeguardingServiceFactory({ db, safeguardingRepo: repo, mail, timeZone }: Deps) {
  const dateIn = (locale: MailLocale, d: Date) =>
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone }).format(d);

  /** The adults of a mentor-disciple pair who need an approval and hold none in force. */
  async function missingApprovals(tx: Tx, mentor: Person, disciple: Person): Promise<Person[]> {
    const needed = adultsNeedingApproval(mentor, disciple);
    if (needed.length === 0) return [];
    const inForce = await repo.findApprovalsInForce(
      needed.map((p) => p.id),
      tx,
    );
    return needed.filter((p) => !inForce.has(p.id));
  }

  /**
   * The rule every new mentoring link passes (disciple requests, invitations, admin placement,
   * accepting, sign-up): an adult and a minor are linked only while the adult is approved. Returns
   * null when allowed; otherwise records the refusal (the adult is listed as awaiting approval, the
   * audit keeps the two ids) and says whether the one acting is one of the adults who must be
   * approved. `willThrow`: the caller refuses with an error that rolls its transaction back, so the
   * record is written on a connection of its own (the caller has changed no account row yet).
   */
  async function checkLink(
    tx: Tx,
    mentor: Person,
    disciple: Person,
    actorId: string | null,
    { willThrow = false } = {},
  ): Promise<null | { isActorUnapproved: boolean }> {
    const missing = await missingApprovals(tx, mentor, disciple);
    if (missing.length === 0) return null;
    const record = async (on: Tx) => {
      for (const adult of missing) await repo.markApprovalRequested(adult.id, on);
      await repo.insertAudit(
        { actorId, action: 'safeguarding.link_refused', targetType: 'user', targetId: disciple.id, details: { mentorId: mentor.id } },
        on,
      );
    };
    if (willThrow) await db.transaction(record);
    else await record(tx);
    return { isActorUnapproved: missing.some((p) => p.id === actorId) };
  }

  /** Whether a link between these two may be made now (no record written): hides an unapproved adult's invitation from a minor. */
  async function isLinkAllowed(tx: Tx, mentor: Person, disciple: Person): Promise<boolean> {
    return (await missingApprovals(tx, mentor, disciple)).length === 0;
  }

  async function getMyApproval(user: UserRow): Promise<MyMentorApproval> {
    const approval = (await repo.findApprovalsInForce([user.id])).get(user.id);
    return { isAdult: isPossiblyAdult(user), approvedUntil: approval?.expiresAt.toISOString() ?? null };
  }

  // ---- Approvals (the lead and admins) ----

  async function approve(actor: UserRow, body: ApproveMentor): Promise<ApprovalResult> {
    return db.transaction(async (tx) => {
      const adult = await findUserByEmail(tx, body.email);
      if (!adult) throw new AppError('NOT_FOUND', 'No account has this email.');
      if (!isPossiblyAdult(adult))
        throw new AppError('CONFLICT', 'This person is under 18: only adults are approved as mentors of minors.');
      const expiresAt = body.expiresOn ? new Date(`${body.expiresOn}T23:59:59Z`) : defaultApprovalExpiry();
      if (expiresAt.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', 'The expiry must be in the future.');
      const previous = (await repo.findApprovalsInForce([adult.id], tx)).get(adult.id);
      // A renewal replaces the approval in force: the new row is the one that counts from now on.
      if (previous) await repo.revokeApprovals(adult.id, actor.id, tx);
      const row = await repo.insertApproval({ userId: adult.id, approvedById: actor.id, checks: body.checks, expiresAt }, tx);
      await repo.clearApprovalRequested(adult.id, tx);
      const resumed = await repo.resumeApprovalPauses(adult.id, tx);
      await repo.insertAudit(
        {
          actorId: actor.id,
          action: 'safeguarding.approved',
          targetType: 'user',
          targetId: adult.id,
          details: { approvalId: row.id, expiresAt: expiresAt.toISOString(), isRenewal: !!previous, resumedLinks: resumed.length },
        },
        tx,
      );
      return { id: row.id, expiresAt: expiresAt.toISOString() };
    });
  }

  async function revoke(actor: UserRow, approvalId: string) {
    await db.transaction(async (tx) => {
      const approval = await repo.findApproval(approvalId, tx);
      if (!approval || approval.revokedAt) throw new AppError('NOT_FOUND', 'This approval is not in force.');
      await repo.revokeApprovals(approval.userId, actor.id, tx);
      // Links with minors are paused at once, as when an approval runs out; both sides are told in neutral words.
      const paused = await pauseMinorLinksOf(tx, approval.userId);
      await repo.insertAudit(
        {
          actorId: actor.id,
          action: 'safeguarding.approval_revoked',
          targetType: 'user',
          targetId: approval.userId,
          details: { approvalId, pausedLinks: paused },
        },
        tx,
      );
    });
    mail.wake();
  }

  /** Pauses (reason "approval") every link between this adult and a minor, telling both sides. */
  async function pauseMinorLinksOf(tx: Tx, adultId: string): Promise<number> {
    let count = 0;
    for (const link of await repo.findLinksOf(adultId, tx)) {
      const [mentor, disciple] = await Promise.all([findUserById(tx, link.mentor.id), findUserById(tx, link.disciple.id)]);
      if (!mentor || !disciple) continue;
      if (!adultsNeedingApproval(mentor, disciple).some((p) => p.id === adultId)) continue;
      if (!(await repo.pauseLink(disciple.id, 'approval', tx))) continue;
      await tellPaused(tx, mentor, disciple);
      count++;
    }
    return count;
  }

  /** Neutral words to both: the link is paused for now; never why. */
  async function tellPaused(tx: Tx, mentor: UserRow, disciple: UserRow) {
    await mail.enqueueFor(tx, mentor, {
      kind: 'mentoring-paused',
      about: [disciple.id],
      content: {
        subject: 'mentoringPaused.subject',
        paragraphs: ['mentoringPaused.mentor', 'mentoringPaused.nothingToDo'],
        action: { label: 'mentoringPaused.action', url: mail.link('/tree') },
        vars: { other: displayNameOf(disciple) },
      },
    });
    await mail.enqueueFor(tx, disciple, {
      kind: 'mentoring-paused',
      about: [mentor.id],
      content: {
        subject: 'mentoringPaused.subject',
        paragraphs: ['mentoringPaused.disciple', 'mentoringPaused.nothingToDo'],
        action: { label: 'mentoringPaused.action', url: mail.link('/dashboard') },
        vars: { other: displayNameOf(mentor) },
      },
    });
  }

  async function listMentors(): Promise<SafeguardingMentors> {
    const links = await adultMinorLinks(db);
    const fromLinks = links.filter((l) => !l.isApproved).map((l) => l.adultId);
    const ids = [...new Set([...(await repo.findMentorCandidates()), ...fromLinks])];
    const [people, approvals] = await Promise.all([repo.findUsersByIds(ids), repo.findApprovalsInForce(ids)]);
    const approvers = await repo.findUsersByIds([
      ...new Set([...approvals.values()].map((a) => a.approvedById).filter((v): v is string => !!v)),
    ]);
    const nameOf = new Map(approvers.map((a) => [a.id, fullNameOf(a) || a.email]));
    const soon = Date.now() + APPROVAL_REMINDER_DAYS * DAY_MS;
    const mentors = people.map((p) => {
      const a = approvals.get(p.id);
      return {
        person: ref(p),
        requestedAt: p.mentorApprovalRequestedAt?.toISOString() ?? null,
        approval: a
          ? {
              id: a.id,
              checks: a.checks,
              approvedAt: a.approvedAt.toISOString(),
              expiresAt: a.expiresAt.toISOString(),
              approvedBy: a.approvedById ? (nameOf.get(a.approvedById) ?? null) : null,
            }
          : null,
        isRenewalDue: !!a && a.expiresAt.getTime() <= soon,
        minorLinks: links.filter((l) => l.adultId === p.id).length,
      };
    });
    // Awaiting first, then renewals due, then the rest; by name within each.
    const rank = (m: (typeof mentors)[number]) => (m.approval ? (m.isRenewalDue ? 1 : 2) : 0);
    mentors.sort((x, y) => rank(x) - rank(y) || x.person.name.localeCompare(y.person.name));
    return { mentors };
  }

  /** Every link between an adult and a minor, approved or not, paused or not. */
  async function adultMinorLinks(tx: Tx) {
    const candidates = await repo.findLinksWithPossibleMinors(tx);
    const pairs = candidates.map((c) => ({ ...c, adults: adultsNeedingApproval(c.mentor, c.disciple) })).filter((c) => c.adults.length > 0);
    const approvals = await repo.findApprovalsInForce([...new Set(pairs.flatMap((p) => p.adults.map((a) => a.id)))], tx);
    return pairs.map((p) => {
      const unapproved = p.adults.find((a) => !approvals.has(a.id));
      return {
        id: p.disciple.id,
        mentor: ref(p.mentor),
        disciple: ref(p.disciple),
        adultId: (unapproved ?? p.adults[0]!).id,
        isApproved: !unapproved,
        pausedAt: p.pausedAt?.toISOString() ?? null,
        pauseReason: p.pauseReason,
      };
    });
  }

  async function listLinks(): Promise<SafeguardingLinks> {
    const links = await adultMinorLinks(db);
    // Unapproved links to review first.
    links.sort((a, b) => Number(a.isApproved) - Number(b.isApproved));
    return { links };
  }

  /** The lead pauses a link at once (a concern): the mentor sees "paused", not why. */
  async function pauseLink(actor: UserRow, discipleId: string) {
    await db.transaction(async (tx) => {
      const disciple = await findUserById(tx, discipleId);
      if (!disciple?.mentorId) throw new AppError('NOT_FOUND', 'This person has no mentor.');
      if (!(await repo.pauseLink(discipleId, 'concern', tx))) throw new AppError('CONFLICT', 'This link is already paused.');
      await repo.insertAudit(
        {
          actorId: actor.id,
          action: 'safeguarding.link_paused',
          targetType: 'user',
          targetId: discipleId,
          details: { mentorId: disciple.mentorId },
        },
        tx,
      );
    });
  }

  async function resumeLink(actor: UserRow, discipleId: string) {
    await db.transaction(async (tx) => {
      const disciple = await findUserById(tx, discipleId);
      if (!disciple?.mentorId || !disciple.mentorPausedAt) throw new AppError('NOT_FOUND', 'This link is not paused.');
      const mentor = await findUserById(tx, disciple.mentorId);
      // A link that needs an approval stays paused until the adult holds one.
      if (mentor && !(await isLinkAllowed(tx, mentor, disciple)))
        throw new AppError('MENTOR_APPROVAL_REQUIRED', 'Approve the adult as a mentor of minors first, then resume the link.');
      await repo.resumeLink(discipleId, tx);
      await repo.insertAudit(
        {
          actorId: actor.id,
          action: 'safeguarding.link_resumed',
          targetType: 'user',
          targetId: discipleId,
          details: { mentorId: disciple.mentorId },
        },
        tx,
      );
    });
  }

  // ---- Concerns ----

  const concernLink = (id?: string) => mail.link(id ? `/admin?tab=safeguarding&concern=${id}` : '/admin?tab=safeguarding');

  /** Stores a concern and mails the leads at once (no names, no text: a link only). */
  async function storeConcern(
    tx: Tx,
    row: {
      source: ConcernSource;
      raisedById: string | null;
      contactEmail: string | null;
      aboutUserId: string | null;
      aboutName: string | null;
      body: string;
      isAnonymous: boolean;
    },
  ) {
    const token = row.source === 'member' ? null : newToken();
    const concern = await repo.insertConcern({ ...row, statusTokenHash: token ? hashToken(token) : null }, tx);
    let leads = await repo.findLeads(tx);
    // Without a lead, the admins receive it: a concern never reaches nobody.
    if (leads.length === 0) leads = await repo.findAdmins(tx);
    for (const lead of leads) {
      await mail.enqueue(tx, {
        to: lead.email,
        locale: toMailLocale(lead.locale),
        kind: 'concern-alert',
        content: {
          subject: 'concernAlert.subject',
          name: lead.firstName,
          paragraphs: ['concernAlert.intro', 'concernAlert.deadline'],
          action: { label: 'concernAlert.action', url: concernLink(concern.id) },
          vars: { hours: CONCERN_OVERDUE_HOURS },
        },
      });
    }
    await repo.insertAudit(
      {
        actorId: row.raisedById,
        action: 'safeguarding.concern_raised',
        targetType: 'concern',
        targetId: concern.id,
        details: { source: row.source, aboutUserId: row.aboutUserId },
      },
      tx,
    );
    return { concern, token };
  }

  const receipt = (c: ConcernRow, token: string | null): ConcernReceipt => ({
    id: c.id,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    statusPath: token ? concernStatusPagePath(token) : null,
  });

  /** The acknowledgement by mail, in neutral words, with where to follow the status. */
  async function acknowledge(tx: Tx, to: { email: string; locale: string | null; firstName: string | null }, statusUrl: string) {
    await mail.enqueueFor(tx, to, {
      kind: 'concern-received',
      content: {
        subject: 'concernReceived.subject',
        paragraphs: ['concernReceived.intro', 'concernReceived.next'],
        action: { label: 'concernReceived.action', url: statusUrl },
        after: ['concernReceived.danger'],
      },
    });
  }

  async function raiseAsMember(user: UserRow, body: RaiseConcern): Promise<ConcernReceipt> {
    const result = await db.transaction(async (tx) => {
      const about = body.aboutUserId ? await findUserById(tx, body.aboutUserId) : null;
      // Someone the app does not show this person answers as if absent: an id alone reveals no name.
      if (body.aboutUserId && (!about || !(await repo.isShownTo(user.id, about.id, tx))))
        throw new AppError('NOT_FOUND', 'This person is not in the app.');
      const { concern } = await storeConcern(tx, {
        source: 'member',
        raisedById: user.id,
        contactEmail: null,
        aboutUserId: about?.id ?? null,
        aboutName: about ? null : body.aboutName,
        body: body.body,
        isAnonymous: body.isAnonymous,
      });
      await acknowledge(tx, user, mail.link('/settings#concerns'));
      return receipt(concern, null);
    });
    mail.wake();
    return result;
  }

  async function raisePublic(body: PublicConcern): Promise<ConcernReceipt> {
    const result = await db.transaction(async (tx) => {
      const { concern, token } = await storeConcern(tx, {
        source: 'public',
        raisedById: null,
        contactEmail: body.contactEmail || null,
        aboutUserId: null,
        aboutName: body.aboutName,
        body: body.body,
        isAnonymous: body.isAnonymous,
      });
      if (body.contactEmail)
        await acknowledge(tx, { email: body.contactEmail, locale: null, firstName: null }, mail.link(concernStatusPagePath(token!)));
      return receipt(concern, token);
    });
    mail.wake();
    return result;
  }

  async function listMyConcerns(user: UserRow): Promise<MyConcerns> {
    const rows = await repo.findConcernsRaisedBy(user.id);
    const abouts = await repo.findUsersByIds([...new Set(rows.map((r) => r.aboutUserId).filter((v): v is string => !!v))]);
    const nameOf = new Map(abouts.map((a) => [a.id, displayNameOf(a)]));
    return {
      concerns: rows.map((r) => ({
        id: r.id,
        status: r.status,
        aboutName: (r.aboutUserId ? nameOf.get(r.aboutUserId) : null) ?? r.aboutName ?? '',
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  async function statusByToken(token: string): Promise<ConcernStatusView> {
    const c = await repo.findConcernByToken(hashToken(token));
    if (!c) throw new AppError('NOT_FOUND', 'This link is not valid.');
    return { status: c.status, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
  }

  const isOverdue = (c: ConcernRow) =>
    !c.openedAt && c.status !== 'closed' && c.createdAt.getTime() <= Date.now() - CONCERN_OVERDUE_HOURS * 3_600_000;

  async function listConcerns(): Promise<ConcernList> {
    const rows = await repo.listConcerns();
    const abouts = await repo.findUsersByIds([...new Set(rows.map((r) => r.aboutUserId).filter((v): v is string => !!v))]);
    const nameOf = new Map(abouts.map((a) => [a.id, fullNameOf(a) || a.email]));
    return {
      concerns: rows.map((r) => ({
        id: r.id,
        source: r.source,
        status: r.status,
        aboutName: (r.aboutUserId ? nameOf.get(r.aboutUserId) : null) ?? r.aboutName ?? '',
        createdAt: r.createdAt.toISOString(),
        isOverdue: isOverdue(r),
      })),
    };
  }

  /** The lead opens a concern: the first opening stops the 24-hour clock, and is audited. */
  async function openConcern(actor: UserRow, id: string): Promise<ConcernDetail> {
    return db.transaction(async (tx) => {
      const c = await repo.findConcern(id, tx);
      if (!c) throw new AppError('NOT_FOUND', 'No such concern.');
      const wasOverdue = isOverdue(c);
      if (!c.openedAt) {
        await repo.updateConcern(id, { openedAt: new Date() }, tx);
        await repo.insertAudit(
          { actorId: actor.id, action: 'safeguarding.concern_opened', targetType: 'concern', targetId: id, details: { wasOverdue } },
          tx,
        );
      }
      const [raisedBy, about] = await Promise.all([
        c.raisedById ? findUserById(tx, c.raisedById) : null,
        c.aboutUserId ? findUserById(tx, c.aboutUserId) : null,
      ]);
      const links = about ? await repo.findLinksOf(about.id, tx) : [];
      return {
        id: c.id,
        source: c.source,
        status: c.status,
        aboutName: about ? fullNameOf(about) || about.email : (c.aboutName ?? ''),
        createdAt: c.createdAt.toISOString(),
        isOverdue: wasOverdue,
        body: c.body,
        isAnonymous: c.isAnonymous,
        raisedBy: raisedBy ? ref(raisedBy) : null,
        contactEmail: c.contactEmail,
        about: about ? ref(about) : null,
        links: links.map((l) => ({
          id: l.disciple.id,
          mentor: ref(l.mentor),
          disciple: ref(l.disciple),
          pausedAt: l.pausedAt?.toISOString() ?? null,
        })),
      };
    });
  }

  async function setConcernStatus(actor: UserRow, id: string, status: ConcernStatus) {
    await db.transaction(async (tx) => {
      const c = await repo.findConcern(id, tx);
      if (!c) throw new AppError('NOT_FOUND', 'No such concern.');
      if (c.status === status) return;
      await repo.updateConcern(id, { status, closedAt: status === 'closed' ? new Date() : null, openedAt: c.openedAt ?? new Date() }, tx);
      await repo.insertAudit(
        {
          actorId: actor.id,
          action: 'safeguarding.concern_status',
          targetType: 'concern',
          targetId: id,
          details: { from: c.status, to: status },
        },
        tx,
      );
    });
  }

  async function listAudit(): Promise<SafeguardingAudit> {
    const rows = await repo.findSafeguardingAudit();
    return {
      entries: rows.map((r) => ({
        id: r.id,
        action: r.action,
        actorName: r.actorId ? fullNameOf(r) || null : null,
        targetId: r.targetId,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  async function setLead(actor: UserRow, targetId: string, isLead: boolean) {
    return db.transaction(async (tx) => {
      const target = await findUserById(tx, targetId);
      if (!target) throw new AppError('NOT_FOUND', 'No such user.');
      if (target.isSafeguardingLead !== isLead) {
        await repo.setLead(target.id, isLead, tx);
        await repo.insertAudit(
          {
            actorId: actor.id,
            action: 'safeguarding.lead_changed',
            targetType: 'user',
            targetId: target.id,
            details: { from: target.isSafeguardingLead, to: isLead },
          },
          tx,
        );
      }
      return { id: target.id, isSafeguardingLead: isLead };
    });
  }

  // ---- Parents ----

  /**
   * A minor whose parent agreed got a new mentor: the parent is mailed a fresh link to the page of
   * their child's mentors and the concern form (the earlier link stops working).
   */
  async function tellParentOfNewMentor(tx: Tx, child: Person & Pick<UserRow, 'locale'>) {
    if (!isPossiblyMinor(child)) return;
    const parent = await repo.findGrantedParent(child.id, tx);
    if (!parent) return;
    const token = newToken();
    await repo.setParentMentorsToken(child.id, hashToken(token), tx);
    await mail.enqueue(tx, {
      to: parent.parentEmail,
      locale: toMailLocale(child.locale),
      kind: 'parent-mentors',
      about: [child.id],
      content: {
        subject: 'parentMentors.subject',
        paragraphs: ['parentMentors.intro', 'parentMentors.how'],
        action: { label: 'parentMentors.action', url: mail.link(parentMentorsPagePath(token)) },
        after: ['parentMentors.keep'],
        vars: { child: child.firstName ?? '' },
      },
    });
    await repo.insertAudit({ actorId: null, action: 'safeguarding.parent_link_sent', targetType: 'user', targetId: child.id }, tx);
  }

  async function parentByToken(tx: Tx, token: string) {
    const parent = await repo.findParentByMentorsToken(hashToken(token), tx);
    const child = parent ? await findUserById(tx, parent.userId) : null;
    if (!parent || !child) throw new AppError('NOT_FOUND', 'This link is not valid any more. A newer mail holds the current one.');
    return { parent, child };
  }

  async function getParentView(token: string): Promise<ParentMentorsView> {
    const { child } = await parentByToken(db, token);
    const mentors: ParentMentorsView['mentors'] = [];
    if (child.mentorId) {
      const mentor = await findUserById(db, child.mentorId);
      if (mentor) {
        const [since, approvals] = await Promise.all([repo.findLinkSince(child.id, mentor.id), repo.findApprovalsInForce([mentor.id])]);
        mentors.push({
          id: mentor.id,
          name: fullNameOf(mentor) || displayNameOf(mentor),
          since: since?.toISOString() ?? null,
          approvedUntil: approvals.get(mentor.id)?.expiresAt.toISOString() ?? null,
          needsApproval: adultsNeedingApproval(mentor, child).length > 0,
          isPaused: !!child.mentorPausedAt,
        });
      }
    }
    return { childFirstName: child.firstName ?? '', mentors };
  }

  async function raiseAsParent(token: string, body: ParentConcern): Promise<ConcernReceipt> {
    const result = await db.transaction(async (tx) => {
      const { parent, child } = await parentByToken(tx, token);
      // A parent names their child's mentor, or anyone by name; never another account by id.
      if (body.aboutUserId && body.aboutUserId !== child.mentorId)
        throw new AppError('NOT_FOUND', "This person is not your child's mentor.");
      const { concern, token: statusToken } = await storeConcern(tx, {
        source: 'parent',
        raisedById: null,
        contactEmail: parent.parentEmail,
        aboutUserId: body.aboutUserId,
        aboutName: body.aboutUserId ? null : body.aboutName,
        body: body.body,
        isAnonymous: body.isAnonymous,
      });
      await acknowledge(
        tx,
        { email: parent.parentEmail, locale: child.locale, firstName: null },
        mail.link(concernStatusPagePath(statusToken!)),
      );
      return receipt(concern, statusToken);
    });
    mail.wake();
    return result;
  }

  // ---- Daily jobs ----

  /**
   * Approvals that ran out: their links with minors are paused, both sides told in neutral words;
   * reminders 30 days before; parents of children linked earlier mailed their link once.
   */
  async function runDaily() {
    await db.transaction(async (tx) => {
      for (const approval of await repo.lockExpiredUnhandled(tx)) {
        const inForce = (await repo.findApprovalsInForce([approval.userId], tx)).get(approval.userId);
        // Renewed in time: a newer approval holds, nothing to pause.
        const paused = inForce ? 0 : await pauseMinorLinksOf(tx, approval.userId);
        await repo.markExpiryHandled(approval.id, tx);
        if (!inForce)
          await repo.insertAudit(
            {
              actorId: null,
              action: 'safeguarding.approval_expired',
              targetType: 'user',
              targetId: approval.userId,
              details: { approvalId: approval.id, pausedLinks: paused },
            },
            tx,
          );
      }
      for (const approval of await repo.lockDueReminders(APPROVAL_REMINDER_DAYS, tx)) {
        const adult = await findUserById(tx, approval.userId);
        if (adult && !adult.deactivatedAt) {
          const locale = toMailLocale(adult.locale);
          await mail.enqueueFor(tx, adult, {
            kind: 'approval-renewal',
            content: {
              subject: 'approvalRenewal.subject',
              paragraphs: ['approvalRenewal.intro', 'approvalRenewal.how'],
              action: { label: 'approvalRenewal.action', url: mail.link('/dashboard') },
              vars: { date: dateIn(locale, approval.expiresAt) },
            },
          });
        }
        await repo.markReminded(approval.id, tx);
      }
      // Parents of children linked before these mails existed get the link once.
      for (const childId of await repo.lockParentsWithoutMentorsLink(tx)) {
        const child = await findUserById(tx, childId);
        if (child) await tellParentOfNewMentor(tx, child);
      }
      await repo.deleteExpiredRecords(APPROVAL_RETENTION_YEARS, CONCERN_RETENTION_YEARS, tx);
    });
    mail.wake();
  }

  /** Concerns nobody opened within 24 hours: one mail to every admin, once per concern (no names, no text). */
  async function escalateOverdue() {
    const count = await db.transaction(async (tx) => {
      const overdue = await repo.lockOverdueConcerns(CONCERN_OVERDUE_HOURS, tx);
      if (!overdue.length) return 0;
      const admins = await repo.findAdmins(tx);
      for (const c of overdue) {
        for (const admin of admins) {
          await mail.enqueue(tx, {
            to: admin.email,
            locale: toMailLocale(admin.locale),
            kind: 'concern-escalation',
            content: {
              subject: 'concernEscalation.subject',
              name: admin.firstName,
              paragraphs: ['concernEscalation.intro', 'concernEscalation.ask'],
              action: { label: 'concernEscalation.action', url: concernLink(c.id) },
              vars: { hours: CONCERN_OVERDUE_HOURS },
            },
          });
        }
        await repo.updateConcern(c.id, { escalatedAt: new Date() }, tx);
      }
      return overdue.length;
    });
    if (count) mail.wake();
  }

  return {
    checkLink,
    isLinkAllowed,
    getMyApproval,
    approve,
    revoke,
    listMentors,
    listLinks,
    pauseLink,
    resumeLink,
    raiseAsMember,
    raisePublic,
    listMyConcerns,
    statusByToken,
    listConcerns,
    openConcern,
    setConcernStatus,
    listAudit,
    setLead,
    tellParentOfNewMentor,
    getParentView,
    raiseAsParent,
    runDaily,
    escalateOverdue,
  };
}
export type SafeguardingService = ReturnType<typeof safeguardingServiceFactory>;
