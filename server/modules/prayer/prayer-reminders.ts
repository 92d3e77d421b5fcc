import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import type { FastifyBaseLogger } from 'fastify';

import {
  isInQuietHours,
  minuteOfDay,
  nextPrayerNights,
  NIGHT_REMINDER_LEAD_MINUTES,
  prayerSessions,
  wallClock,
  type PrayerSession,
} from '../../../common/domain/prayer.ts';
import { toMailLocale } from '../mail/mail.templates.ts';
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

export type PrayerReminderService = ReturnType<typeof prayerRemindersFactory>;

/**
 * Prayer reminders by mail (issue 27, docs/decisions/075): each session a person turned on, at the time
 * they chose in their time zone, and an hour before each prayer night; never while it is quiet hours
 * where they are (checked at the moment of sending), each at most once, with one-click unsubscribe.
 */
export function prayerRemindersFactory(
  deps: OptOutMailDeps & { prayerRepo: PrayerRepository; log: FastifyBaseLogger; ministryTimeZone: string; link: (path: string) => string },
) {
  const repo = deps.prayerRepo;
  /** What is due at `now` for one person: the sessions and prayer nights whose time came in the last half hour. */
  function dueFor(s: PrayerSettingsRow, now: Date): { occurrence: string; session: PrayerSession | 'night'; at: Date }[] {
    if (isInQuietHours(minuteOfDay(now, s.timeZone), s.quietStart, s.quietEnd)) return [];
    const isFresh = (at: Date) => at.getTime() <= now.getTime() && now.getTime() - at.getTime() < LATE_MINUTES * 60_000;
    const today = new TZDate(now.getTime(), s.timeZone);
    const due: { occurrence: string; session: PrayerSession | 'night'; at: Date }[] = [];
    for (const session of prayerSessions) {
      if (!isOn(s, session)) continue;
      const at = wallClock(today.getFullYear(), today.getMonth(), today.getDate(), minuteOf(s, session), s.timeZone);
      if (isFresh(at)) due.push({ occurrence: `${session}:${dayKey(today)}`, session, at });
    }
    if (s.remindNights)
      for (const night of nextPrayerNights(now, deps.ministryTimeZone, 2)) {
        const remindAt = new Date(night.getTime() - NIGHT_REMINDER_LEAD_MINUTES * 60_000);
        if (isFresh(remindAt))
          due.push({ occurrence: `night:${dayKey(new TZDate(night.getTime(), deps.ministryTimeZone))}`, session: 'night', at: night });
      }
    return due;
  }

  /** One run: every reminder due at `now` written to the outbox. Returns how many. */
  async function sendDue(now = new Date()): Promise<number> {
    let sent = 0;
    for (const person of await repo.findReminding()) {
      const s = person.settings;
      const locale = toMailLocale(person.locale);
      for (const item of dueFor(s, now)) {
        const isMailed = await deps.db.transaction(async (tx) => {
          if (!(await repo.claimSend(s.userId, item.occurrence, tx))) return false;
          const { url, headers } = await deps.unsubscribe.headersFor('prayer', s.userId);
          const unsubscribe = { label: 'prayerReminder.unsubscribe', url };
          const action = { label: 'prayerReminder.action', url: deps.link('/pray') };
          if (item.session === 'night') {
            const t = nightsTexts(locale);
            const time = format(new TZDate(item.at.getTime(), s.timeZone), 'p', { locale: locale === 'fr' ? fr : enUS });
            await deps.mail.enqueueFor(tx, person, {
              kind: 'prayer-reminder',
              headers,
              content: {
                subject: 'prayerReminder.nightSubject',
                paragraphs: ['prayerReminder.night', 'prayerReminder.verse'],
                action,
                after: ['prayerReminder.why'],
                unsubscribe,
                vars: { time, verse: t.verse.text, ref: t.verse.ref, translation: t.verse.translation },
              },
            });
          } else {
            const t = sessionTexts(item.session, locale);
            await deps.mail.enqueueFor(tx, person, {
              kind: 'prayer-reminder',
              headers,
              content: {
                subject: 'prayerReminder.subject',
                paragraphs: ['prayerReminder.intro', 'prayerReminder.verse', 'prayerReminder.prayer'],
                action,
                after: ['prayerReminder.why'],
                unsubscribe,
                vars: {
                  title: t.title,
                  subtitle: t.subtitle,
                  verse: t.verse.text,
                  ref: t.verse.ref,
                  translation: t.verse.translation,
                  prayer: t.prayer,
                },
              },
            });
          }
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

  return { sendDue, dueFor };
}
