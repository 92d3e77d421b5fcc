import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import type { FastifyBaseLogger } from 'fastify';

import {
  isInQuietHours,
  minuteOfDay,
  nextPrayerNights,
  NIGHT_REMINDER_LEAD_MINUTES,
  prayerSessions,
  wallClock,
  type PrayerSession,
} from '#common/domain/prayer.ts';

import { toMailLocale, type MailContent, type MailLocale } from '../mail/mail.templates.ts';
import type { OptOutMailDeps } from '../mail/unsubscribe.ts';
import type { PrayerRepository, PrayerSettingsRow } from './prayer.repository.ts';
import { nightsTexts, sessionTexts } from './prayer.service.ts';

export const PRAYER_REMINDER_QUEUE = 'prayer-reminders';
/** The job looks every 5 minutes; a reminder up to this late still goes (a slow or restarted run), a later one is dropped. */
const LATE_MINUTES = 30;

const isOn = (s: PrayerSettingsRow, session: PrayerSession) =>
  session === 'morning' ? s.remindMorning : session === 'midday' ? s.remindMidday : s.remindEvening;
const minuteOf = (s: PrayerSettingsRow, session: PrayerSession) =>
  session === 'morning' ? s.morningMinute : session === 'midday' ? s.middayMinute : s.eveningMinute;
const dayKey = (d: TZDate) => format(d, 'yyyy-MM-dd');
/** Whether a reminder time `at` came at `now` or in the half hour before. */
const isFresh = (at: Date, now: Date) => at.getTime() <= now.getTime() && now.getTime() - at.getTime() < LATE_MINUTES * 60_000;

type Due = { occurrence: string; session: PrayerSession | 'night'; at: Date };

export type PrayerReminderService = ReturnType<typeof prayerRemindersFactory>;

/**
 * Prayer reminders by mail (issue 27, docs/decisions/075): each session a person turned on, at the time
 * they chose in their time zone, and an hour before each prayer night; never while it is quiet hours
 * where they are (checked at the moment of sending), each at most once, with one-click unsubscribe.
 */
export function prayerRemindersFactory(
  deps: OptOutMailDeps & { prayerRepo: PrayerRepository; log: FastifyBaseLogger; ministryTimeZone: string },
) {
  const repo = deps.prayerRepo;
  const action = { label: 'prayerReminder.action', url: deps.mail.link('/pray') };

  /**
   * What is the same for everyone in a run at `now`, worked out once rather than per person: the prayer
   * nights whose reminder time came in the last half hour, and the day and time of day in each time zone.
   */
  function runAt(now: Date) {
    const nights: Due[] = nextPrayerNights(now, deps.ministryTimeZone, 2)
      .filter((night) => isFresh(new Date(night.getTime() - NIGHT_REMINDER_LEAD_MINUTES * 60_000), now))
      .map((night) => ({ occurrence: `night:${dayKey(new TZDate(night.getTime(), deps.ministryTimeZone))}`, session: 'night', at: night }));
    const zones = new Map<string, { today: TZDate; minute: number }>();
    const local = (timeZone: string) => {
      let zone = zones.get(timeZone);
      if (!zone) zones.set(timeZone, (zone = { today: new TZDate(now.getTime(), timeZone), minute: minuteOfDay(now, timeZone) }));
      return zone;
    };
    return { now, nights, local };
  }

  /** What is due in a run for one person: the sessions and prayer nights whose time came in the last half hour. */
  function dueFor(s: PrayerSettingsRow, run: ReturnType<typeof runAt>): Due[] {
    const { today, minute } = run.local(s.timeZone);
    if (isInQuietHours(minute, s.quietStart, s.quietEnd)) return [];
    const due: Due[] = [];
    for (const session of prayerSessions) {
      if (!isOn(s, session)) continue;
      const at = wallClock(today.getFullYear(), today.getMonth(), today.getDate(), minuteOf(s, session), s.timeZone);
      if (isFresh(at, run.now)) due.push({ occurrence: `${session}:${dayKey(today)}`, session, at });
    }
    if (s.remindNights) due.push(...run.nights);
    return due;
  }

  /** The subject, paragraphs and words of one reminder's mail. */
  function contentOf(item: Due, s: PrayerSettingsRow, locale: MailLocale): Pick<MailContent, 'subject' | 'paragraphs' | 'vars'> {
    if (item.session === 'night') {
      const t = nightsTexts(locale);
      const time = format(new TZDate(item.at.getTime(), s.timeZone), 'p', { locale: locale === 'fr' ? fr : enUS });
      return {
        subject: 'prayerReminder.nightSubject',
        paragraphs: ['prayerReminder.night', 'prayerReminder.verse'],
        vars: { time, verse: t.verse.text, ref: t.verse.ref, translation: t.verse.translation },
      };
    }
    const t = sessionTexts(item.session, locale);
    return {
      subject: 'prayerReminder.subject',
      paragraphs: ['prayerReminder.intro', 'prayerReminder.verse', 'prayerReminder.prayer'],
      vars: {
        title: t.title,
        subtitle: t.subtitle,
        verse: t.verse.text,
        ref: t.verse.ref,
        translation: t.verse.translation,
        prayer: t.prayer,
      },
    };
  }

  /** One run: every reminder due at `now` written to the outbox. Returns how many. */
  async function sendDue(now = new Date()): Promise<number> {
    const run = runAt(now);
    let sent = 0;
    for (const person of await repo.findReminding()) {
      const s = person.settings;
      const locale = toMailLocale(person.locale);
      for (const item of dueFor(s, run)) {
        const isMailed = await deps.db.transaction(async (tx) => {
          if (!(await repo.claimSend(s.userId, item.occurrence, tx))) return false;
          const { url, headers } = await deps.unsubscribe.headersFor('prayer', s.userId);
          await deps.mail.enqueueFor(tx, person, {
            kind: 'prayer-reminder',
            headers,
            content: {
              ...contentOf(item, s, locale),
              action,
              after: ['prayerReminder.why'],
              unsubscribe: { label: 'prayerReminder.unsubscribe', url },
            },
          });
          return true;
        });
        if (isMailed) sent++;
      }
    }
    await repo.pruneSends();
    if (sent) deps.mail.wake();
    deps.log.info({ sent }, 'prayer reminders written');
    return sent;
  }

  return { sendDue };
}
