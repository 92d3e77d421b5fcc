/**
 * The crisis directory: free helplines by country, the emergency number of each country, and how the
 * country is guessed from the browser. Numbers were checked against the sources named below on the
 * `lastVerified` date; the admin console lists lines not checked for 12 months (docs/decisions/042).
 */

export const crisisRegions = ['US', 'CA', 'FR', 'GB', 'AU', 'international'] as const;
export type CrisisRegion = (typeof crisisRegions)[number];

export type CrisisActionKind = 'call' | 'text' | 'chat' | 'web';

export interface CrisisLine {
  /** Key of its texts in the `public` locale files (crisis.lines.<id>). */
  id: string;
  region: CrisisRegion;
  /** The number (or address) as people write it in that country. */
  display: string;
  /** Each way to reach it, first one the main way. */
  actions: readonly { kind: CrisisActionKind; href: string }[];
  /** Languages the line answers in, when it says so. */
  languages?: readonly string[];
  /** Ages the line is meant for, when it is for young people. */
  ages?: readonly [number, number];
  /** Open day and night, every day. */
  isAllDay: boolean;
  /** ISO date (YYYY-MM-DD) the number and its ways were last checked against `source`. */
  lastVerified: string;
  source: string;
}

export interface EmergencyNumber {
  display: string;
  href: string;
}

/** The number to call in immediate danger; none for "another country" (the reader's local number). */
export const emergencyNumbers: Record<CrisisRegion, EmergencyNumber | null> = {
  US: { display: '911', href: 'tel:911' },
  CA: { display: '911', href: 'tel:911' },
  FR: { display: '15', href: 'tel:15' },
  GB: { display: '999', href: 'tel:999' },
  AU: { display: '000', href: 'tel:000' },
  international: null,
};

export const crisisLines: readonly CrisisLine[] = [
  {
    id: 'us988', region: 'US', display: '988', isAllDay: true, lastVerified: '2026-11-23', source: 'https://988lifeline.org/',
    actions: [{ kind: 'call', href: 'tel:988' }, { kind: 'text', href: 'sms:988' }, { kind: 'chat', href: 'https://988lifeline.org/chat/' }],
  },
  {
    id: 'ca988', region: 'CA', display: '9-8-8', isAllDay: true, lastVerified: '2026-11-23', source: 'https://988.ca/',
    languages: ['en', 'fr'], actions: [{ kind: 'call', href: 'tel:988' }, { kind: 'text', href: 'sms:988' }],
  },
  {
    id: 'caTollFree', region: 'CA', display: '1-833-456-4566', isAllDay: true, lastVerified: '2026-11-23', source: 'https://988.ca/',
    actions: [{ kind: 'call', href: 'tel:+18334564566' }],
  },
  {
    id: 'fr3114', region: 'FR', display: '3114', isAllDay: true, lastVerified: '2026-11-23', source: 'https://3114.fr/',
    actions: [{ kind: 'call', href: 'tel:3114' }],
  },
  {
    id: 'frFilSanteJeunes', region: 'FR', display: '0 800 235 236', isAllDay: false, ages: [12, 25], lastVerified: '2026-11-23', source: 'https://www.filsantejeunes.com/',
    actions: [{ kind: 'call', href: 'tel:0800235236' }],
  },
  {
    id: 'gbSamaritans', region: 'GB', display: '116 123', isAllDay: true, lastVerified: '2026-11-23', source: 'https://www.samaritans.org/',
    actions: [{ kind: 'call', href: 'tel:116123' }],
  },
  {
    id: 'auLifeline', region: 'AU', display: '13 11 14', isAllDay: true, lastVerified: '2026-11-23', source: 'https://www.lifeline.org.au/',
    actions: [{ kind: 'call', href: 'tel:131114' }],
  },
  {
    id: 'findAHelpline', region: 'international', display: 'findahelpline.com', isAllDay: true, lastVerified: '2026-11-23', source: 'https://findahelpline.com/',
    actions: [{ kind: 'web', href: 'https://findahelpline.com/' }],
  },
];

/** The lines of a region, its main one first. */
export const crisisLinesFor = (region: CrisisRegion) => crisisLines.filter((l) => l.region === region);

/** The international directory, offered under every country's lines too. */
export const helplineDirectory = crisisLines.find((l) => l.region === 'international')!;

/** A line is stale when it was last checked more than 12 months before `today`. */
export const CRISIS_LINE_STALE_MONTHS = 12;

export function isCrisisLineStale(line: Pick<CrisisLine, 'lastVerified'>, today: Date): boolean {
  const limit = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - CRISIS_LINE_STALE_MONTHS, today.getUTCDate()));
  return new Date(`${line.lastVerified}T00:00:00Z`) < limit;
}

/** Lines to check again, oldest check first. */
export const staleCrisisLines = (today: Date, lines: readonly CrisisLine[] = crisisLines) =>
  lines.filter((l) => isCrisisLineStale(l, today)).sort((a, b) => a.lastVerified.localeCompare(b.lastVerified));

/** IANA time zones of the countries the directory knows (aliases included). */
const timeZoneRegions: readonly [RegExp, CrisisRegion][] = [
  [/^(America\/(New_York|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Adak|Boise|Detroit|Juneau|Sitka|Metlakatla|Yakutat|Nome|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+|Indianapolis|Louisville)|Pacific\/Honolulu|US\/.+)$/, 'US'],
  [/^(America\/(Toronto|Montreal|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Glace_Bay|Goose_Bay|Whitehorse|Dawson|Dawson_Creek|Fort_Nelson|Creston|Iqaluit|Rankin_Inlet|Resolute|Cambridge_Bay|Inuvik|Swift_Current|Atikokan|Blanc-Sablon|Thunder_Bay|Nipigon|Rainy_River|Pangnirtung|Yellowknife)|Canada\/.+)$/, 'CA'],
  [/^(Europe\/Paris|Indian\/(Reunion|Mayotte)|America\/(Martinique|Guadeloupe|Cayenne))$/, 'FR'],
  [/^(Europe\/London|GB)$/, 'GB'],
  [/^Australia\/.+$/, 'AU'],
];

const isKnownRegion = (code: string): code is Exclude<CrisisRegion, 'international'> => crisisRegions.includes(code as CrisisRegion) && code !== 'international';

/**
 * The country whose lines to show first: the time zone's country when the directory knows it (where
 * the person is, which decides what they can dial), else the region of their preferred languages
 * ("fr-CA"), else "another country". The person can always choose another one.
 */
export function guessCrisisRegion({ languages, timeZone }: { languages: readonly string[]; timeZone: string | undefined }): CrisisRegion {
  const byZone = timeZone ? timeZoneRegions.find(([re]) => re.test(timeZone))?.[1] : undefined;
  if (byZone) return byZone;
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue;
    }
    const code = region === 'UK' ? 'GB' : region;
    if (code && isKnownRegion(code)) return code;
  }
  return 'international';
}
