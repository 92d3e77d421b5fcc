/**
 * The emergency number of every country, so that no crisis screen is without one (docs/decisions/060).
 *
 * Every region comes from Google libphonenumber's short-number metadata (the emergency numbers
 * Android's dialer knows), generated into emergency-numbers.generated.ts by
 * scripts/generate-crisis-data.mjs. The countries our people live in were then checked by hand
 * against the page named in `source`, which replaces the generated numbers where they differ
 * (Nigeria: 112, not 199; Brazil: 192 and 190, not 911; the Philippines: 911, not the former 117).
 * The first number is the one to call.
 */
import { generatedEmergencyNumbers, LIBPHONENUMBER_VERSION } from './emergency-numbers.generated.ts';

export interface CountryEmergencyNumbers {
  /** The numbers as dialled, the one to call first first. */
  numbers: readonly string[];
  /** Where they were read. */
  source: string;
  /** ISO date (YYYY-MM-DD) they were read there. */
  lastVerified: string;
  /** Checked one by one against `source`; false for the generated table's entries. */
  isCheckedByHand: boolean;
}

/** libphonenumber's short-number data, as the npm package google-libphonenumber (LIBPHONENUMBER_VERSION) ships it. */
export const LIBPHONENUMBER_SOURCE = 'https://github.com/google/libphonenumber/blob/master/resources/ShortNumberMetadata.xml';
export { LIBPHONENUMBER_VERSION };
/** The day the generated table was read from libphonenumber. */
export const GENERATED_TABLE_VERIFIED = '2026-11-27';

const VERIFIED = '2026-11-27';
const FR_WIKI = 'https://fr.wikipedia.org/wiki/Num%C3%A9ro_d%27appel_d%27urgence';
const EU_112 = 'https://blog.alertswiss.ch/fr/rubrique/nouvelles-de-lofpp/journee-europeenne-du-numero-durgence-112';

/** Checked one by one on 2026-11-27. */
const checkedByHand: Readonly<Record<string, { numbers: readonly string[]; source: string }>> = {
  US: { numbers: ['911'], source: 'https://contactlistens.org/get-help/' },
  CA: { numbers: ['911'], source: 'https://internationalmentalhealth.org/resources/' },
  FR: { numbers: ['112', '15', '17'], source: 'https://madinin-art.net/119-allo-enfance-en-danger-un-numero-pour-les-situations-durgence' },
  BE: { numbers: ['112'], source: EU_112 },
  LU: { numbers: ['112'], source: EU_112 },
  IE: { numbers: ['112'], source: EU_112 },
  CH: { numbers: ['112', '144', '117'], source: 'https://ch.ch/en/road-accident-what-should-i-do' },
  GB: { numbers: ['999'], source: 'http://www.nspcc.org.uk/what-you-can-do/report-abuse/' },
  AU: { numbers: ['000', '112'], source: 'https://www.qld.gov.au/emergency/emergencies-services/assistance/triple-000' },
  NZ: { numbers: ['111'], source: 'https://www.police.govt.nz/contact-us/calling-emergency-111' },
  HT: { numbers: ['114', '118'], source: FR_WIKI },
  CI: { numbers: ['185', '180', '170'], source: FR_WIKI },
  CM: { numbers: ['112', '117', '118'], source: FR_WIKI },
  SN: { numbers: ['17', '18'], source: 'https://galseninfo.com/?p=1888' },
  NG: { numbers: ['112'], source: 'https://technologytimes.ng/dial-122-how-nigerias-three-digit-emergency-number-works/' },
  BR: { numbers: ['192', '190'], source: FR_WIKI },
  ZA: { numbers: ['112', '10111', '10177'], source: 'https://gauteng.news/2024/10/16/sa-emergency-numbers-kids-should-know/' },
  PH: { numbers: ['911'], source: 'https://newsinfo.inquirer.net/996562/911-is-now-ph-emergency-hotline-number/amp' },
  IN: {
    numbers: ['112', '108'],
    source:
      'https://www.dnaindia.com/india/report-delhi-to-launch-single-emergency-helpline-112-for-faster-response-cm-rekha-gupta-3197661',
  },
};

const entries: Record<string, CountryEmergencyNumbers> = {};
for (const [code, numbers] of Object.entries(generatedEmergencyNumbers))
  entries[code] = { numbers, source: LIBPHONENUMBER_SOURCE, lastVerified: GENERATED_TABLE_VERIFIED, isCheckedByHand: false };
for (const [code, { numbers, source }] of Object.entries(checkedByHand))
  entries[code] = { numbers, source, lastVerified: VERIFIED, isCheckedByHand: true };

/** Every country (ISO 3166 alpha-2, and a few territories libphonenumber has as regions) with its numbers. */
export const countryEmergencyNumbers: Readonly<Record<string, CountryEmergencyNumbers>> = entries;

/** The countries that have an emergency number: the choices of the country picker. */
export const emergencyCountries: readonly string[] = Object.keys(entries).sort();
