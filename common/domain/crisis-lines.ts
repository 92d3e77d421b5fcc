/**
 * The crisis directory: helplines by country, the emergency number of every country, and how the
 * country is found (docs/decisions/042, amended by 060). Each line was checked against the page
 * named in `source` on its `lastVerified` date; a test fails once a check is 12 months old, and the
 * admin console lists the entries to check again. Where we could verify no line for a country, it
 * has none here: the screens then say so and offer its emergency number, the international
 * directory and our own callback.
 */
import {
  countryEmergencyNumbers,
  emergencyCountries,
  GENERATED_TABLE_VERIFIED,
  LIBPHONENUMBER_SOURCE,
  type CountryEmergencyNumbers,
} from './emergency-numbers.ts';
import { timeZoneCountries } from './time-zone-countries.ts';

/** An ISO 3166-1 alpha-2 country code ("CI"). */
export type CountryCode = string;
/** A country, or "international": we do not know the country (the person is asked to choose it). */
export type CrisisRegion = CountryCode | 'international';

/** Every country the picker offers (each has an emergency number), then "international". */
export const crisisCountries: readonly CountryCode[] = emergencyCountries;
export const crisisRegions: readonly CrisisRegion[] = [...crisisCountries, 'international'];

export type CrisisActionKind = 'call' | 'text' | 'chat' | 'web';
/** What a line is for: the child-protection lines are the ones to show for a worry at home. */
export type CrisisTopic = 'suicide' | 'youth' | 'child-protection' | 'general';

export interface CrisisAction {
  kind: CrisisActionKind;
  href: string;
  /** The number of this way when it is not the line's own (a text number, a second phone number). */
  number?: string;
}

export interface CrisisLine {
  /** Key of its texts in the `public` locale files (crisis.lines.<id>.name and .note: hours, cost, who it is for). */
  id: string;
  region: CrisisRegion;
  /** The number (or address) as people write it in that country. */
  display: string;
  /** Each way to reach it, the main way first. */
  actions: readonly CrisisAction[];
  /** Languages the line answers in, when its source says so. */
  languages?: readonly string[];
  /** Ages the line is for, when it is for young people: [from, to], from null for "up to". */
  ages?: readonly [number | null, number];
  /** Open day and night, every day (the phone line). */
  isAllDay: boolean;
  /** True: free to call; false: it costs something (the note says what); absent: its source does not say. */
  isFree?: boolean;
  topics?: readonly CrisisTopic[];
  /** ISO date (YYYY-MM-DD) the number and its ways were last checked against `source`. */
  lastVerified: string;
  /** The page the line was checked against. */
  source: string;
}

const V = '2026-11-27';
const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;
const sms = (n: string, body?: string) => `sms:${n.replace(/[^\d+]/g, '')}${body ? `?body=${body}` : ''}`;
const call = (n: string, number?: string) => ({ kind: 'call' as const, href: tel(n), ...(number ? { number } : {}) });

/** Within a country, the main (general or suicide) line first, the lines for a narrower need after. */
export const crisisLines: readonly CrisisLine[] = [
  // United States
  {
    id: 'us988',
    region: 'US',
    display: '988',
    isAllDay: true,
    isFree: true,
    languages: ['en', 'es'],
    topics: ['suicide', 'general'],
    lastVerified: V,
    source: 'https://contactlistens.org/get-help/',
    actions: [call('988'), { kind: 'text', href: sms('988') }, { kind: 'chat', href: 'https://988lifeline.org/chat/' }],
  },
  {
    id: 'usChildhelp',
    region: 'US',
    display: '1-800-422-4453',
    isAllDay: true,
    isFree: true,
    topics: ['child-protection'],
    lastVerified: V,
    source: 'https://childhelphotline.org/how-it-works',
    actions: [call('+18004224453'), { kind: 'text', href: sms('+18004224453') }],
  },
  // Canada (1-833-456-4566, Talk Suicide Canada, was replaced by 9-8-8 on 30 November 2023: left out)
  {
    id: 'ca988',
    region: 'CA',
    display: '9-8-8',
    isAllDay: true,
    isFree: true,
    languages: ['en', 'fr'],
    topics: ['suicide', 'general'],
    lastVerified: V,
    source: 'https://www.newswire.ca/news-releases/government-of-canada-launches-three-digit-suicide-crisis-helpline-896472116.html',
    actions: [call('988'), { kind: 'text', href: sms('988') }],
  },
  {
    id: 'caKidsHelpPhone',
    region: 'CA',
    display: '1-800-668-6868',
    isAllDay: true,
    isFree: true,
    languages: ['en', 'fr'],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://kidshelpphone.ca/get-involved/about-us/who-is-kids-help-phone/',
    actions: [call('+18006686868'), { kind: 'text', href: sms('686868', 'CONNECT'), number: '686868' }],
  },
  // France
  {
    id: 'fr3114',
    region: 'FR',
    display: '3114',
    isAllDay: true,
    isFree: true,
    languages: ['fr'],
    topics: ['suicide'],
    lastVerified: V,
    source: 'https://www.mayotte.ars.sante.fr/3114-le-numero-national-de-prevention-du-suicide',
    actions: [call('3114')],
  },
  {
    id: 'frFilSanteJeunes',
    region: 'FR',
    display: '0 800 235 236',
    isAllDay: false,
    isFree: true,
    ages: [12, 25],
    languages: ['fr'],
    topics: ['youth'],
    lastVerified: V,
    source: 'https://www.verslehaut.org/publications/allo-allo-jai-besoin-daide',
    actions: [call('0800235236'), { kind: 'chat', href: 'https://www.filsantejeunes.com/' }],
  },
  {
    id: 'fr119',
    region: 'FR',
    display: '119',
    isAllDay: true,
    isFree: true,
    languages: ['fr'],
    topics: ['child-protection'],
    lastVerified: V,
    source: 'https://madinin-art.net/119-allo-enfance-en-danger-un-numero-pour-les-situations-durgence',
    actions: [call('119'), { kind: 'chat', href: 'https://www.allo119.gouv.fr/' }],
  },
  // Belgium
  {
    id: 'beCps',
    region: 'BE',
    display: '0800 32 123',
    isAllDay: true,
    isFree: true,
    languages: ['fr'],
    topics: ['suicide', 'general'],
    lastVerified: V,
    source: 'https://bx1.be/categories/news/la-reine-mathilde-visite-le-centre-de-prevention-du-suicide-a-ixelles/',
    actions: [call('080032123')],
  },
  {
    id: 'be1813',
    region: 'BE',
    display: '1813',
    isAllDay: true,
    languages: ['nl'],
    topics: ['suicide'],
    lastVerified: V,
    source: 'https://www.hbvl.be/cnt/dmf20211130_93272468',
    actions: [call('1813')],
  },
  {
    id: 'be103',
    region: 'BE',
    display: '103',
    isAllDay: false,
    isFree: true,
    languages: ['fr'],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://deapotheker.pmg.be/fr/fichier/EAKbe2605S43_00',
    actions: [call('103'), { kind: 'chat', href: 'https://www.103ecoute.be/' }],
  },
  // Switzerland
  {
    id: 'ch143',
    region: 'CH',
    display: '143',
    isAllDay: true,
    isFree: false,
    languages: ['fr', 'de', 'it'],
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'https://ch.ch/en/road-accident-what-should-i-do',
    actions: [call('143')],
  },
  {
    id: 'ch147',
    region: 'CH',
    display: '147',
    isAllDay: true,
    isFree: true,
    languages: ['de', 'fr', 'it'],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://www.swissinfo.ch/fre/toute-l-actu-en-bref/augmentation-de-l-aide-pour-les-graves-probl%C3%A8mes-personnels/43173042',
    actions: [call('147'), { kind: 'text', href: sms('147') }, { kind: 'chat', href: 'https://www.147.ch/' }],
  },
  // Luxembourg
  {
    id: 'luSosDetresse',
    region: 'LU',
    display: '45 45 45',
    isAllDay: false,
    languages: ['lb', 'de', 'fr', 'en'],
    topics: ['general'],
    lastVerified: V,
    source: 'https://luxtoday.lu/fr/interview/travail/50-years-of-assistance-an-interview-waaith-sos-dtresse',
    actions: [call('454545')],
  },
  {
    id: 'luKjt',
    region: 'LU',
    display: '116 111',
    isAllDay: false,
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://www.kjt.lu/de/wer-wir-sind/',
    actions: [call('116111'), { kind: 'chat', href: 'https://www.kjt.lu/' }],
  },
  // United Kingdom
  {
    id: 'gbSamaritans',
    region: 'GB',
    display: '116 123',
    isAllDay: true,
    isFree: true,
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'https://www.samaritans.org/how-we-can-help/contact-samaritan/',
    actions: [call('116123')],
  },
  {
    id: 'gbShout',
    region: 'GB',
    display: '85258',
    isAllDay: true,
    isFree: true,
    topics: ['general'],
    lastVerified: V,
    source: 'https://giveusashout.org/about-us/safeguarding-children-and-young-people/',
    actions: [{ kind: 'text', href: sms('85258', 'SHOUT') }],
  },
  {
    id: 'gbChildline',
    region: 'GB',
    display: '0800 1111',
    isAllDay: true,
    isFree: true,
    ages: [null, 18],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://learning.nspcc.org.uk/services/childline',
    actions: [call('08001111'), { kind: 'chat', href: 'https://www.childline.org.uk/' }],
  },
  // Ireland
  {
    id: 'ieSamaritans',
    region: 'IE',
    display: '116 123',
    isAllDay: true,
    isFree: true,
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'http://www.newstalk.com/reader/47.301/69999/0/',
    actions: [call('116123')],
  },
  {
    id: 'ieChildline',
    region: 'IE',
    display: '1800 66 66 66',
    isAllDay: true,
    isFree: true,
    ages: [null, 18],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://www.independent.ie/regionals/corkman/news/sharp-increase-in-contacts-to-childline-over-christmas-41197253.html',
    actions: [call('1800666666'), { kind: 'text', href: sms('50101'), number: '50101' }],
  },
  // Australia (Lifeline's number and hours as checked on 2026-11-23; its cost is not stated)
  {
    id: 'auLifeline',
    region: 'AU',
    display: '13 11 14',
    isAllDay: true,
    topics: ['general', 'suicide'],
    lastVerified: '2026-11-23',
    source: 'https://www.lifeline.org.au/',
    actions: [call('131114')],
  },
  {
    id: 'auKidsHelpline',
    region: 'AU',
    display: '1800 55 1800',
    isAllDay: true,
    isFree: true,
    ages: [5, 25],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://www.copmi.net.au/resources/national-kids-helpline/',
    actions: [call('1800551800')],
  },
  // New Zealand
  {
    id: 'nz1737',
    region: 'NZ',
    display: '1737',
    isAllDay: true,
    isFree: true,
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'https://www.pegasus.health.nz/?p=6300',
    actions: [call('1737'), { kind: 'text', href: sms('1737') }],
  },
  {
    id: 'nzYouthline',
    region: 'NZ',
    display: '0800 376 633',
    isAllDay: true,
    isFree: true,
    ages: [12, 24],
    topics: ['youth'],
    lastVerified: V,
    source: 'https://livenews.co.nz/2023/11/04/social-services-youthline-moves-to-24-7-counselling-service-with-support-from-asb',
    actions: [call('0800376633'), { kind: 'text', href: sms('234'), number: '234' }],
  },
  // Côte d'Ivoire: only a child-protection line could be verified
  {
    id: 'ci116',
    region: 'CI',
    display: '116',
    isAllDay: true,
    isFree: true,
    languages: ['fr'],
    topics: ['child-protection'],
    lastVerified: V,
    source:
      'https://news.abidjan.net/articles/480476/anne-oulotto-inaugure-une-ligne-verte-pour-prevenir-les-violations-des-droit-de-lenfant',
    actions: [call('116')],
  },
  // Cameroon: the child helpline (at its launch reachable from Camtel only: the note says so)
  {
    id: 'cm116',
    region: 'CM',
    display: '116',
    isAllDay: false,
    isFree: true,
    topics: ['child-protection'],
    lastVerified: V,
    source: 'https://www.camertopnews.com/protection-de-lenfant-contre-les-violences-le-numero-vert-116-desormais-operationnel/',
    actions: [call('116')],
  },
  // Kenya
  {
    id: 'ke116',
    region: 'KE',
    display: '116',
    isAllDay: true,
    isFree: true,
    ages: [null, 17],
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://www.childlinekenya.co.ke/',
    actions: [call('116')],
  },
  // South Africa
  {
    id: 'zaSadag',
    region: 'ZA',
    display: '0800 567 567',
    isAllDay: false,
    isFree: true,
    topics: ['suicide'],
    lastVerified: V,
    source: 'https://ewn.co.za/2019/09/11/sadag-receiving-more-calls-to-do-talks-on-suicide-at-primary-schools',
    actions: [call('0800567567')],
  },
  {
    id: 'zaChildline',
    region: 'ZA',
    display: '116',
    isAllDay: false,
    isFree: true,
    topics: ['youth', 'child-protection'],
    lastVerified: V,
    source: 'https://vukuzenzele.gov.za/children-can-call-116-help',
    actions: [call('116')],
  },
  // Philippines
  {
    id: 'phNcmh',
    region: 'PH',
    display: '1553',
    isAllDay: true,
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'https://www.sunstar.com.ph/cebu/nearly-700-call-ncmh-during-the-holidays',
    actions: [call('1553'), call('+639178998727', '0917 899 8727'), call('+639190571553', '0919 057 1553')],
  },
  // India
  {
    id: 'inTeleManas',
    region: 'IN',
    display: '14416',
    isAllDay: true,
    isFree: true,
    topics: ['general', 'suicide'],
    lastVerified: V,
    source: 'https://theshillongtimes.com/2025/02/07/tele-manas-mental-health-helpline-handles-over-18-1-lakh-calls-centre/',
    actions: [call('14416'), call('18008914416', '1-800-891-4416')],
  },
  {
    id: 'inChildline',
    region: 'IN',
    display: '1098',
    isAllDay: true,
    isFree: true,
    ages: [null, 18],
    topics: ['child-protection'],
    lastVerified: V,
    source: 'https://en.wikipedia.org/wiki/Childline_India',
    actions: [call('1098')],
  },
  // Brazil
  {
    id: 'brCvv',
    region: 'BR',
    display: '188',
    isAllDay: true,
    isFree: true,
    languages: ['pt'],
    topics: ['suicide', 'general'],
    lastVerified: V,
    source:
      'https://cvmarj.com.br/blog/cvv-guia-pratico-e-humano-sobre-atendimento-24h-prevencao-do-suicidio-quando-procurar-e-como-apoiar-alguem',
    actions: [call('188'), { kind: 'chat', href: 'https://www.cvv.org.br/' }],
  },
  // Everywhere else: the international directory
  {
    id: 'findAHelpline',
    region: 'international',
    display: 'findahelpline.com',
    isAllDay: true,
    lastVerified: V,
    source: 'https://findahelpline.com/',
    actions: [{ kind: 'web', href: 'https://findahelpline.com/' }],
  },
];

/**
 * Countries of the issue's list where no line could be verified on 2026-11-27: the screens show the
 * emergency number, the international directory and our callback, and say so.
 */
export const countriesWithoutVerifiedLine: readonly CountryCode[] = ['HT', 'SN', 'CD', 'NG', 'GH'];

/** The lines of a region, its main one first (none for a country where we could verify none). */
export const crisisLinesFor = (region: CrisisRegion) => crisisLines.filter((l) => l.region === region);

/** Whether the directory has a line for this country. */
export const hasVerifiedLines = (region: CrisisRegion) => region !== 'international' && crisisLinesFor(region).length > 0;

/** The international directory, offered under every country's lines too. */
export const helplineDirectory = crisisLines.find((l) => l.region === 'international')!;

export interface EmergencyNumber {
  /** The first number to call. */
  display: string;
  href: string;
  /** Every number to show, the first one first. */
  numbers: readonly { display: string; href: string }[];
  source: string;
  lastVerified: string;
}

const toEmergency = (e: CountryEmergencyNumbers): EmergencyNumber => {
  const numbers = e.numbers.map((n) => ({ display: n, href: `tel:${n}` }));
  return { display: numbers[0]!.display, href: numbers[0]!.href, numbers, source: e.source, lastVerified: e.lastVerified };
};

/** The number to call in immediate danger in every country; "international" (country unknown) has none. */
export const emergencyNumbers: Readonly<Partial<Record<CrisisRegion, EmergencyNumber>>> = Object.fromEntries(
  Object.entries(countryEmergencyNumbers).map(([code, e]) => [code, toEmergency(e)]),
);

/** The emergency numbers of a region, or null when the country is not known. */
export const emergencyNumberFor = (region: CrisisRegion): EmergencyNumber | null => emergencyNumbers[region] ?? null;

/** An entry is stale when it was last checked more than 12 months before `today`. */
export const CRISIS_LINE_STALE_MONTHS = 12;

export function isCrisisLineStale(line: Pick<CrisisLine, 'lastVerified'>, today: Date): boolean {
  const limit = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - CRISIS_LINE_STALE_MONTHS, today.getUTCDate()));
  return new Date(`${line.lastVerified}T00:00:00Z`) < limit;
}

/** The stale ones of `items`, oldest check first. */
const staleOldestFirst = <T extends Pick<CrisisLine, 'lastVerified'>>(items: readonly T[], today: Date): T[] =>
  items.filter((e) => isCrisisLineStale(e, today)).sort((a, b) => a.lastVerified.localeCompare(b.lastVerified));

/** Lines to check again, oldest check first. */
export const staleCrisisLines = (today: Date, lines: readonly CrisisLine[] = crisisLines) => staleOldestFirst(lines, today);

/** One thing to check again: a line, a hand-checked emergency number, or the generated table as a whole. */
export interface CrisisEntry {
  id: string;
  kind: 'line' | 'emergency' | 'emergencyTable';
  region: CrisisRegion;
  display: string;
  lastVerified: string;
  source: string;
}

/** Everything the directory states, each with its source and date. */
export function crisisEntries(): CrisisEntry[] {
  const lines = crisisLines.map((l): CrisisEntry => ({
    id: l.id,
    kind: 'line',
    region: l.region,
    display: l.display,
    lastVerified: l.lastVerified,
    source: l.source,
  }));
  const emergency = Object.entries(countryEmergencyNumbers)
    .filter(([, e]) => e.isCheckedByHand)
    .map(([code, e]): CrisisEntry => ({
      id: `emergency-${code}`,
      kind: 'emergency',
      region: code,
      display: e.numbers.join(' / '),
      lastVerified: e.lastVerified,
      source: e.source,
    }));
  const table: CrisisEntry = {
    id: 'emergency-table',
    kind: 'emergencyTable',
    region: 'international',
    display: `${crisisCountries.length}`,
    lastVerified: GENERATED_TABLE_VERIFIED,
    source: LIBPHONENUMBER_SOURCE,
  };
  return [...lines, ...emergency, table];
}

/** Entries to check again (lines and emergency numbers), oldest check first. */
export const staleCrisisEntries = (today: Date, entries: readonly CrisisEntry[] = crisisEntries()) => staleOldestFirst(entries, today);

const isCountry = (code: string | undefined): code is CountryCode => !!code && crisisCountries.includes(code);

/** The country of an IANA time zone (aliases included, "Asia/Calcutta" as "Asia/Kolkata"), when it lies in one. */
export const countryOfTimeZone = (timeZone: string | undefined): CountryCode | undefined =>
  timeZone ? timeZoneCountries[timeZone] : undefined;

/** How the country was found: the person's profile, the device's time zone, its language, or not at all. */
export type CrisisRegionSource = 'profile' | 'timeZone' | 'language' | 'none';

export interface CrisisRegionGuess {
  region: CrisisRegion;
  source: CrisisRegionSource;
}

/**
 * The country whose lines to show first: a signed-in person's own country; else the country of the
 * device's time zone (where the person is decides what they can dial: an `en-US` browser in Lagos
 * gets Nigeria), through the tz database's zone → country table for every zone; only when the time
 * zone names no country ("UTC", none), the region of the preferred languages ("fr-CA"); else
 * nothing, and the person is asked. They can always choose another one.
 */
export function guessCrisisRegionWithSource({
  languages,
  timeZone,
  profileCountry,
}: {
  languages: readonly string[];
  timeZone: string | undefined;
  profileCountry?: string | null;
}): CrisisRegionGuess {
  const profile = profileCountry?.toUpperCase();
  if (isCountry(profile)) return { region: profile, source: 'profile' };
  const byZone = countryOfTimeZone(timeZone);
  if (byZone) return isCountry(byZone) ? { region: byZone, source: 'timeZone' } : { region: 'international', source: 'none' };
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue;
    }
    const code = region === 'UK' ? 'GB' : region;
    if (isCountry(code)) return { region: code, source: 'language' };
  }
  return { region: 'international', source: 'none' };
}

/** The guessed country alone (see guessCrisisRegionWithSource). */
export const guessCrisisRegion = (input: {
  languages: readonly string[];
  timeZone: string | undefined;
  profileCountry?: string | null;
}): CrisisRegion => guessCrisisRegionWithSource(input).region;
