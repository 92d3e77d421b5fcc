import type { FastifyBaseLogger } from 'fastify';

import { daysBetween, sortByAttention } from '#common/domain/mentor-week.ts';
import { displayNameOf } from '#common/domain/names.ts';
import { TRACK_DAYS } from '#common/domain/track.ts';

import { mailText, toMailLocale, type MailLocale } from '../mail/mail.templates.ts';
import type { OptOutMailDeps } from '../mail/unsubscribe.ts';
import type { DiscipleWeekRow, MentorWeekRepository } from './mentor-week.repository.ts';
import type { MentoringRepository } from './mentoring.repository.ts';

export const MENTOR_DIGEST_QUEUE = 'mentor-digest-weekly';
const BATCH = 200;

export type MentorDigestService = ReturnType<typeof mentorDigestFactory>;

/**
 * Issue 9 flow 7: each week, to mentors with disciples, who finished a week, who stalled 7+ days,
 * who failed a quiz twice, and the invitations still waiting, with a link to the tree. Built on the
 * same "who needs attention" query as the tree's "This week" panel. A week with nothing in any of
 * these lists sends nothing.
 */
export function mentorDigestFactory(
  deps: OptOutMailDeps & {
    mentoringRepo: Pick<MentoringRepository, 'findOpenInvitations'>;
    mentorWeekRepo: MentorWeekRepository;
    log: FastifyBaseLogger;
  },
) {
  function sectionsFor(locale: MailLocale, disciples: DiscipleWeekRow[], invitations: { fullName: string; email: string }[]) {
    const now = new Date();
    const sorted = sortByAttention(disciples.map((d) => ({ ...d, lastActivityAt: d.lastActivityAt?.toISOString() ?? null })));
    const line = (key: string, vars: Record<string, string | number>) => mailText(locale, `mentorDigest.${key}`, vars);
    return [
      {
        // The 7-day track (docs/decisions/074): who did a day of it this week, and how far they are.
        title: 'mentorDigest.track',
        items: sorted
          .filter((d) => d.isTrackActiveThisWeek)
          .map((d) =>
            d.trackDays >= TRACK_DAYS
              ? line('itemTrackDone', { name: displayNameOf(d) })
              : line('itemTrack', { name: displayNameOf(d), days: d.trackDays, total: TRACK_DAYS }),
          ),
      },
      {
        title: 'mentorDigest.finished',
        items: sorted
          .filter((d) => d.finishedWeek !== null)
          .map((d) => line('itemWeek', { name: displayNameOf(d), week: d.finishedWeek! })),
      },
      {
        title: 'mentorDigest.stalled',
        items: sorted
          .filter((d) => d.isStalled)
          .map((d) =>
            d.lastActivityAt
              ? line('itemDays', { name: displayNameOf(d), days: daysBetween(d.lastActivityAt, now) })
              : line('itemNever', { name: displayNameOf(d) }),
          ),
      },
      {
        title: 'mentorDigest.failedTwice',
        items: sorted
          .filter((d) => d.failedTwiceWeek !== null)
          .map((d) => line('itemWeek', { name: displayNameOf(d), week: d.failedTwiceWeek! })),
      },
      { title: 'mentorDigest.invitations', items: invitations.map((i) => line('itemInvitation', { name: i.fullName, email: i.email })) },
    ].filter((s) => s.items.length > 0);
  }

  /** The weekly run. Returns how many digests were written. */
  async function sendWeekly(): Promise<number> {
    let sent = 0;
    let after: string | null = null;
    for (;;) {
      const mentors = await deps.mentorWeekRepo.findDigestMentors(BATCH, after);
      if (mentors.length === 0) break;
      after = mentors[mentors.length - 1]!.id;
      const rows = await deps.mentorWeekRepo.findDisciplesWeek(mentors.map((m) => m.id));
      for (const mentor of mentors) {
        const locale = toMailLocale(mentor.locale);
        const invitations = await deps.mentoringRepo.findOpenInvitations(mentor.id);
        const disciples = rows.filter((r) => r.mentorId === mentor.id);
        const sections = sectionsFor(locale, disciples, invitations);
        if (sections.length === 0) continue;
        const { url, headers } = await deps.unsubscribe.headersFor('mentor-digest', mentor.id);
        await deps.db.transaction((tx) =>
          deps.mail.enqueueFor(tx, mentor, {
            kind: 'mentor-digest',
            headers,
            // Names every disciple it lists (only those in a section, but a deleted one scrubs it whole).
            about: disciples.map((r) => r.id),
            content: {
              subject: 'mentorDigest.subject',
              paragraphs: ['mentorDigest.intro'],
              sections,
              action: { label: 'mentorDigest.action', url: deps.mail.link('/disciple-tree') },
              unsubscribe: { label: 'mentorDigest.unsubscribe', url },
            },
          }),
        );
        sent++;
      }
      if (mentors.length < BATCH) break;
    }
    deps.mail.wake();
    deps.log.info({ sent }, 'mentor digests written');
    return sent;
  }

  return { sendWeekly };
}
