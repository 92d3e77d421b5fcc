import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';

import { urlOf } from '#common/contracts/endpoint.ts';
import { prayerApi, type PrayerReminders, type PrayerState } from '#common/contracts/prayer.ts';
import {
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_SESSION_MINUTES,
  PRAYER_NIGHT_MINUTE,
  PRAYER_NIGHT_MINUTES_LONG,
  prayerSessions,
  SESSION_MINUTES_LONG,
  type PrayerSession,
} from '#common/domain/prayer.ts';
import prayerContent from '#content/prayer/sessions.json' with { type: 'json' };

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/session.ts';
import { toMailLocale, type MailLocale } from '../mail/mail.templates.ts';
import { buildCalendar, canWriteZone, type CalendarEvent } from './ical.ts';
import type { NewPrayerSettings, PrayerRepository, PrayerSettingsRow } from './prayer.repository.ts';

export type PrayerService = ReturnType<typeof prayerServiceFactory>;

/** The first prayer night the calendars name (a Monday); the weekly rule carries it on. */
const NIGHTS_SINCE = { year: 2026, month: 0, day: 5 };

/** A person's settings as the contract gives them. */
export function toReminders(row: PrayerSettingsRow): PrayerReminders {
  return {
    timeZone: row.timeZone,
    morning: { isOn: row.remindMorning, minute: row.morningMinute },
    midday: { isOn: row.remindMidday, minute: row.middayMinute },
    evening: { isOn: row.remindEvening, minute: row.eveningMinute },
    nights: row.remindNights,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
  };
}

/** Reminders off, the default times and quiet hours, in `timeZone`. */
export const defaultSettings = (timeZone: string): NewPrayerSettings => ({
  timeZone,
  remindMorning: false,
  remindMidday: false,
  remindEvening: false,
  remindNights: false,
  morningMinute: DEFAULT_SESSION_MINUTES.morning,
  middayMinute: DEFAULT_SESSION_MINUTES.midday,
  eveningMinute: DEFAULT_SESSION_MINUTES.evening,
  quietStart: DEFAULT_QUIET_START,
  quietEnd: DEFAULT_QUIET_END,
});

const sessionMinute = (row: NewPrayerSettings, s: PrayerSession) =>
  s === 'morning' ? row.morningMinute : s === 'midday' ? row.middayMinute : row.eveningMinute;

/** The texts of a session or of the nights in a language (content/prayer/sessions.json). */
export const sessionTexts = (session: PrayerSession, locale: MailLocale) => prayerContent.sessions.find((s) => s.id === session)![locale];
export const nightsTexts = (locale: MailLocale) => prayerContent.nights[locale];

const verseLine = (v: { text: string; ref: string; translation: string }, locale: MailLocale) =>
  locale === 'fr' ? `«\u00a0${v.text}\u00a0» (${v.ref}, ${v.translation})` : `“${v.text}” (${v.ref}, ${v.translation})`;

const CALENDAR_NAMES = {
  en: {
    mine: 'My prayer rhythm (G.O.D Discipleship)',
    nights: 'Prayer nights (G.O.D Discipleship)',
    night: 'Prayer night',
    open: 'Open the prayer:',
  },
  fr: {
    mine: 'Mon rythme de prière (G.O.D Discipleship)',
    nights: 'Soirées de prière (G.O.D Discipleship)',
    night: 'Soirée de prière',
    open: 'Ouvrir la prière\u00a0:',
  },
} as const;

export function prayerServiceFactory(deps: { db: Db; prayerRepo: PrayerRepository; siteUrl: string; ministryTimeZone: string }) {
  const repo = deps.prayerRepo;
  const link = (path: string) => new URL(path, deps.siteUrl).toString();
  // The ".ics" after the secret is for the calendar apps that want it (prayerFeedParams allows it).
  const feedUrl = (token: string) => link(urlOf(prayerApi.feed, { params: { token: `${token}.ics` } }));

  function assertZone(timeZone: string) {
    if (!canWriteZone(timeZone))
      throw new AppError('VALIDATION_FAILED', 'timeZone: this time zone is not supported for calendars: choose a nearby city');
  }

  async function state(userId: string): Promise<PrayerState> {
    const row = await repo.findSettings(userId);
    return {
      ministryTimeZone: deps.ministryTimeZone,
      reminders: row ? toReminders(row) : null,
      calendar: row?.calendarTokenHash && row.calendarCreatedAt ? { createdAt: row.calendarCreatedAt.toISOString() } : null,
    };
  }

  async function saveReminders(userId: string, r: PrayerReminders): Promise<PrayerState> {
    assertZone(r.timeZone);
    await repo.saveSettings(userId, {
      timeZone: r.timeZone,
      remindMorning: r.morning.isOn,
      remindMidday: r.midday.isOn,
      remindEvening: r.evening.isOn,
      remindNights: r.nights,
      morningMinute: r.morning.minute,
      middayMinute: r.midday.minute,
      eveningMinute: r.evening.minute,
      quietStart: r.quietStart,
      quietEnd: r.quietEnd,
    });
    return state(userId);
  }

  /** Makes the private subscription link, or a new one (the older stops working). Its address is given this once. */
  async function createCalendarLink(userId: string, timeZone: string) {
    assertZone(timeZone);
    const token = newToken();
    const createdAt = await repo.setCalendarHash(userId, hashToken(token), defaultSettings(timeZone));
    return { url: feedUrl(token), createdAt: createdAt.toISOString() };
  }

  const revokeCalendarLink = (userId: string) => repo.clearCalendarHash(userId);

  /** The prayer nights, Monday and Thursday at 20:00 in the ministry's time zone, as one weekly event. */
  function nightsEvent(locale: MailLocale): CalendarEvent {
    const t = nightsTexts(locale);
    return {
      uid: 'prayer-nights@god-discipleship',
      summary: CALENDAR_NAMES[locale].night,
      description: [t.intro, verseLine(t.verse, locale), `${CALENDAR_NAMES[locale].open} ${link('/pray')}`].join('\n\n'),
      start: { ...NIGHTS_SINCE, minute: PRAYER_NIGHT_MINUTE },
      timeZone: deps.ministryTimeZone,
      minutesLong: PRAYER_NIGHT_MINUTES_LONG,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
    };
  }

  /** A person's calendar: the three daily sessions at their times in their time zone, and the prayer nights. */
  function personalCalendar(userId: string, settings: NewPrayerSettings, since: Date, localeValue: string, now: Date) {
    const locale = toMailLocale(localeValue);
    const key = createHash('sha256').update(`prayer-calendar:${userId}`).digest('hex').slice(0, 20);
    const first = new TZDate(since.getTime(), settings.timeZone);
    const sessions = prayerSessions.map((session): CalendarEvent => {
      const t = sessionTexts(session, locale);
      return {
        uid: `prayer-${session}-${key}@god-discipleship`,
        summary: t.title,
        description: [t.subtitle, verseLine(t.verse, locale), t.prayer, `${CALENDAR_NAMES[locale].open} ${link('/pray')}`].join('\n\n'),
        start: { year: first.getFullYear(), month: first.getMonth(), day: first.getDate(), minute: sessionMinute(settings, session) },
        timeZone: settings.timeZone,
        minutesLong: SESSION_MINUTES_LONG,
        rrule: 'FREQ=DAILY',
      };
    });
    return buildCalendar({ name: CALENDAR_NAMES[locale].mine, events: [...sessions, nightsEvent(locale)], now });
  }

  /** The subscription feed: a live secret's calendar, or LINK_INVALID (unknown, renewed or revoked). */
  async function feed(token: string, now = new Date()): Promise<string> {
    const found = await repo.findByCalendarHash(hashToken(token.replace(/\.ics$/, '')));
    if (!found)
      throw new AppError(
        'LINK_INVALID',
        'This calendar link is not valid: it was renewed or turned off. Make a new one on the Pray page or in Settings.',
      );
    return personalCalendar(found.userId, found.settings, found.settings.createdAt, found.locale, now);
  }

  /** The signed-in person's calendar as a file: their settings, or the defaults in the device's time zone. */
  async function download(user: { id: string; locale: string }, timeZone: string | undefined, now = new Date()): Promise<string> {
    const row = await repo.findSettings(user.id);
    const zone = row?.timeZone ?? timeZone ?? deps.ministryTimeZone;
    assertZone(zone);
    return personalCalendar(user.id, row ?? defaultSettings(zone), row?.createdAt ?? now, user.locale, now);
  }

  /** The prayer nights alone, for anyone: the WatchMoms mothers pray on these nights and have no account. */
  const nightsCalendar = (localeValue: string, now = new Date()) => {
    const locale = toMailLocale(localeValue);
    return buildCalendar({ name: CALENDAR_NAMES[locale].nights, events: [nightsEvent(locale)], now });
  };

  return { state, saveReminders, createCalendarLink, revokeCalendarLink, feed, download, nightsCalendar };
}
