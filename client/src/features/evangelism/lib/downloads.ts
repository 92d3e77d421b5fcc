/** Files the evangelism tools generate in the browser: nothing is fetched or sent. */

/** Starts a download of `content` as `fileName`. */
export function saveFile(fileName: string, mimeType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled, when the browser has the blob.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MemoryVerse {
  ref: string;
  text: string;
  version: string;
  point: string;
}

/** A printable page of verse cards (opens in any browser; print and cut along the dashed lines). */
export function memoryCardsHtml(title: string, lang: string, verses: MemoryVerse[]): string {
  const cards = verses
    .map(
      (v) =>
        `<section class="card"><h2>${escapeHtml(v.ref)} <small>(${escapeHtml(v.version)})</small></h2><p class="verse">${escapeHtml(v.text)}</p><p class="point">${escapeHtml(v.point)}</p></section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: Georgia, serif; margin: 1.5rem; color: #1f1730; }
h1 { font-family: system-ui, sans-serif; font-size: 1.4rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 1rem; }
.card { border: 2px dashed #8a7fa3; border-radius: 12px; padding: 1rem; break-inside: avoid; }
.card h2 { font-family: system-ui, sans-serif; font-size: 1.05rem; margin: 0 0 .5rem; color: #45267a; }
.card small { font-weight: normal; color: #5b5470; }
.verse { font-size: 1.05rem; line-height: 1.5; margin: 0 0 .75rem; }
.point { font-family: system-ui, sans-serif; font-size: .85rem; color: #5b5470; margin: 0; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<div class="grid">
${cards}
</div>
</body>
</html>
`;
}

/** Plain text with a title underlined and sections separated by blank lines (CRLF, so every editor shows it). */
export function plainText(title: string, blocks: string[]): string {
  return [title, '='.repeat(Math.min(title.length, 60)), '', ...blocks.flatMap((b) => [b, ''])].join('\r\n');
}

/* ---------------------------------------------------------------- iCalendar */

const icsEscape = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 5545 3.1) without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcStamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;

/** The next date (today included) falling on `weekday` (0 = Sunday), as YYYYMMDD. */
export function nextWeekday(from: Date, weekday: number): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  d.setDate(d.getDate() + ((weekday - d.getDay() + 7) % 7));
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
}

/**
 * The prayer nights (Monday and Thursday, 8 p.m.) as weekly events. The time is "floating":
 * 8 p.m. wherever the person is, which is how the group meets. The event ids are fixed, so
 * importing the file again updates the events instead of adding copies.
 */
export function prayerNightsCalendar({ title, description, now = new Date() }: { title: string; description: string; now?: Date }): string {
  const event = (day: 'MO' | 'TH', weekday: number) => [
    'BEGIN:VEVENT',
    `UID:prayer-night-${day.toLowerCase()}@god-discipleship`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART:${nextWeekday(now, weekday)}T200000`,
    'DURATION:PT1H',
    `RRULE:FREQ=WEEKLY;BYDAY=${day}`,
    `SUMMARY:${icsEscape(title)}`,
    `DESCRIPTION:${icsEscape(description)}`,
    'END:VEVENT',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//G.O.D Discipleship//Evangelism tools//EN',
    'CALSCALE:GREGORIAN',
    ...event('MO', 1),
    ...event('TH', 4),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
