import type { DiscipleWeek, EncouragementMessage, EncouragementSent, MentorWeek } from '#common/contracts/mentor-week.ts';
import { DAY_MS, MENTOR_ENCOURAGEMENT_DAYS, sortByAttention } from '#common/domain/mentor-week.ts';
import { displayNameOf } from '#common/domain/names.ts';

import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../lib/session.ts';
import type { OptOutMailDeps } from '../mail/unsubscribe.ts';
import type { MentorWeekRepository } from './mentor-week.repository.ts';

export type MentorWeekDeps = OptOutMailDeps & { mentorWeekRepo: MentorWeekRepository };

export type MentorWeekService = ReturnType<typeof mentorWeekServiceFactory>;

const nextAllowed = (last: Date | null, now: number) => {
  const next = last ? last.getTime() + MENTOR_ENCOURAGEMENT_DAYS * DAY_MS : 0;
  return next > now ? new Date(next) : null;
};

/** The mentor's "This week" panel and its "send encouragement" (issue 12). */
export function mentorWeekServiceFactory(deps: MentorWeekDeps) {
  const repo = deps.mentorWeekRepo;
  async function getWeek(mentor: UserRow): Promise<MentorWeek> {
    const now = Date.now();
    const rows = await repo.findDisciplesWeek([mentor.id]);
    const disciples: DiscipleWeek[] = rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      lastActivityAt: r.lastActivityAt?.toISOString() ?? null,
      currentWeek: r.currentWeek,
      isCourseCompleted: r.isCourseCompleted,
      isStalled: r.isStalled,
      failedTwiceWeek: r.failedTwiceWeek,
      finishedWeek: r.finishedWeek,
      lastEncouragedAt: r.lastEncouragedAt?.toISOString() ?? null,
      nextEncouragementAt: nextAllowed(r.lastEncouragedAt, now)?.toISOString() ?? null,
      acceptsEncouragement: r.acceptsEncouragement,
      trackDays: r.trackDays,
    }));
    return { disciples: sortByAttention(disciples) };
  }

  /**
   * Mails one of the listed messages to a direct disciple, in the disciple's language, at most once
   * a week per disciple. The disciple's row is locked while checking, so two clicks at once send one.
   */
  async function sendEncouragement(mentor: UserRow, discipleId: string, message: EncouragementMessage): Promise<EncouragementSent> {
    const sent = await deps.db.transaction(async (tx) => {
      const disciple = await repo.lockDiscipleOf(mentor.id, discipleId, tx);
      if (!disciple) throw new AppError('NOT_FOUND', 'This person is not one of your direct disciples.');
      const name = displayNameOf(disciple);
      if (!disciple.notifyEncouragement) throw new AppError('ENCOURAGEMENT_OFF', `${name} turned encouragement mails off.`);
      // A deactivated account gets no mail at all (decision 012); the mentor is told no more than "not now".
      if (disciple.deactivatedAt) throw new AppError('ENCOURAGEMENT_OFF', `${name} can't receive encouragement mails right now.`);
      const next = nextAllowed(await repo.findLastMentorEncouragement(disciple.id, tx), Date.now());
      if (next)
        throw new AppError(
          'ENCOURAGED_RECENTLY',
          `You encouraged ${name} less than ${MENTOR_ENCOURAGEMENT_DAYS} days ago. You can send another from ${next.toISOString()}.`,
        );
      const row = await repo.insertEncouragement({ userId: disciple.id, source: 'mentor', mentorId: mentor.id, messageKey: message }, tx);
      const { url, headers } = await deps.unsubscribe.headersFor('encouragement', disciple.id);
      await deps.mail.enqueueFor(tx, disciple, {
        kind: 'mentor-encouragement',
        headers,
        about: [mentor.id],
        content: {
          subject: 'mentorEncouragement.subject',
          paragraphs: ['mentorEncouragement.intro', `mentorEncouragement.messages.${message}`],
          action: { label: 'mentorEncouragement.action', url: deps.mail.link('/dashboard') },
          unsubscribe: { label: 'encouragement.unsubscribe', url },
          vars: { mentor: displayNameOf(mentor) },
        },
      });
      return row.createdAt;
    });
    deps.mail.wake();
    return { sentAt: sent.toISOString(), nextEncouragementAt: new Date(sent.getTime() + MENTOR_ENCOURAGEMENT_DAYS * DAY_MS).toISOString() };
  }

  return { getWeek, sendEncouragement };
}
