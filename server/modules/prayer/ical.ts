import { tzlib_get_ical_block } from 'timezones-ical-library';

/*
 * A small iCalendar (RFC 5545) writer for the prayer rhythm's calendars (docs/decisions/075): text
 * escaped (3.3.11), lines folded at 75 octets without cutting a UTF-8 character (3.1), CRLF line
 * ends, and each TZID given its VTIMEZONE (3.6.5), taken from timezones-ical-library (the IANA
 * database's rules as tzurl.org publishes them). UTC needs no VTIMEZONE: its times end in "Z".
 */

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** One content line folded into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch);
    // The first line holds 75 octets, each continuation 74 after its leading space.
    if (size + bytes > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A local date-time as iCalendar writes it: 20261130T200000. */
export const localDateTime = (y: number, m: number, d: number, minute: number) =>
  `${String(y).padStart(4, '0')}${String(m + 1).padStart(2, '0')}${String(d).padStart(2, '0')}T${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}00`;

/** A UTC instant: 20261127T233000Z. */
export const utcDateTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface CalendarEvent {
  uid: string;
  summary: string;
  description?: string;
  /** Wall-clock start in `timeZone`. */
  start: { year: number; month: number; day: number; minute: number };
  timeZone: string;
  minutesLong: number;
  /** The RRULE value, e.g. FREQ=DAILY or FREQ=WEEKLY;BYDAY=MO,TH. */
  rrule: string;
}

const isUtcZone = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/**
 * Each zone's VTIMEZONE is looked up once (the library builds it anew, about 0.2 ms, on every call, and
 * a calendar app polls the feed); the names are ones the runtime accepts (validated), so the map stays small.
 */
const vtimezones = new Map<string, { tzid: string; block: string } | undefined>();
const MAX_KEPT_ZONES = 1000;

/**
 * The VTIMEZONE of an IANA zone and the TZID it declares (an old alias, e.g. Asia/Calcutta, is given
 * under its current name, Asia/Kolkata: DTSTART must name that one), or undefined when unknown.
 */
function vtimezone(timeZone: string): { tzid: string; block: string } | undefined {
  if (vtimezones.has(timeZone)) return vtimezones.get(timeZone);
  const found = tzlib_get_ical_block(timeZone);
  const block = Array.isArray(found) ? found[0] : undefined;
  const tzid = block ? /^TZID:(.+)$/m.exec(block)?.[1]?.trim() : undefined;
  const zone = block?.startsWith('BEGIN:VTIMEZONE') && tzid ? { tzid, block: block.replace(/\r?\n/g, '\r\n') } : undefined;
  if (vtimezones.size < MAX_KEPT_ZONES) vtimezones.set(timeZone, zone);
  return zone;
}

/** Whether a calendar can be written in this zone (UTC, or a zone with a VTIMEZONE). */
export const canWriteZone = (timeZone: string) => isUtcZone(timeZone) || vtimezone(timeZone) !== undefined;

/** A whole VCALENDAR with one VTIMEZONE per zone its events use. */
export function buildCalendar(opts: { name: string; description?: string; events: CalendarEvent[]; now: Date }): string {
  const head: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//G.O.D Discipleship//Prayer rhythm//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  head.push(`X-WR-CALNAME:${escapeText(opts.name)}`, `NAME:${escapeText(opts.name)}`);
  if (opts.description) head.push(`X-WR-CALDESC:${escapeText(opts.description)}`);
  // Calendar apps look for changes about twice a day (RFC 7986 REFRESH-INTERVAL, and its older spelling).
  head.push('REFRESH-INTERVAL;VALUE=DURATION:PT12H', 'X-PUBLISHED-TTL:PT12H');
  const zones = new Map<string, { tzid: string; block: string } | undefined>();
  for (const { timeZone } of opts.events) {
    if (zones.has(timeZone)) continue;
    const zone = isUtcZone(timeZone) ? undefined : vtimezone(timeZone);
    if (!isUtcZone(timeZone) && !zone) throw new Error(`no VTIMEZONE for ${timeZone}`);
    zones.set(timeZone, zone);
  }
  const blocks = [...new Set([...zones.values()].filter((z) => z !== undefined).map((z) => z.block))];
  const events = opts.events.flatMap((e) => {
    const { year, month, day, minute } = e.start;
    const zone = zones.get(e.timeZone);
    const start = localDateTime(year, month, day, minute);
    return [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${utcDateTime(opts.now)}`,
      zone ? `DTSTART;TZID=${zone.tzid}:${start}` : `DTSTART:${start}Z`,
      `DURATION:PT${e.minutesLong}M`,
      `RRULE:${e.rrule}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ];
  });
  // The VTIMEZONE blocks (already CRLF, lines short) come before the events (most readers accept either order; some older ones need this).
  return [...head.map(foldLine), ...blocks, ...events.map(foldLine), 'END:VCALENDAR', ''].join('\r\n');
}
