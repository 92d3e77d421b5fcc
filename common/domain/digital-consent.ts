/**
 * The age of digital consent (GDPR Art. 8 and national laws; COPPA in the United States; other
 * countries' data-protection laws): below it a parent must agree before the app keeps a young
 * person's data. Every entry names its law, the page it was checked against and the day it was
 * checked (docs/decisions/062); a test refuses an entry without them.
 */
export interface ConsentAgeRule {
  /** Below this age (in whole years) a parent must agree. */
  age: number;
  /**
   * Who agrees below the age: `parent` (the parent gives or authorises the consent, GDPR Art. 8(1)),
   * or `parent-and-child` (the law asks the young person's own consent and the parent's together).
   */
  consentBy: 'parent' | 'parent-and-child';
  /** The law, as a reader can look it up. */
  law: string;
  /** The national law or a reliable compilation (data-protection authority, law-firm survey) that names it. */
  source: string;
  /** YYYY-MM-DD: the day the source was read and found to say this. */
  verifiedOn: string;
}

const VERIFIED = '2026-11-27';
/** Bird & Bird's GDPR tracker, "Children" (a law-firm survey of each member state's law). */
const BIRD_AND_BIRD =
  'https://www.twobirds.com/en/capabilities/practices/privacy-and-data-protection/general-data-protection-regulation/gdpr-tracker/children';

const rule = (age: number, law: string, source: string, consentBy: ConsentAgeRule['consentBy'] = 'parent'): ConsentAgeRule => ({
  age,
  consentBy,
  law,
  source,
  verifiedOn: VERIFIED,
});

/**
 * By ISO 3166-1 country code, and ISO 3166-2 subdivision (`CA-QC`) where a province's law differs.
 * Countries whose age could not be verified are left out on purpose and get the default below
 * (decision 062 lists them).
 */
export const consentAgeRules: Readonly<Record<string, ConsentAgeRule>> = {
  // European Union
  AT: rule(14, 'Datenschutzgesetz (DSG) § 4(4)', BIRD_AND_BIRD),
  BE: rule(
    13,
    "Loi du 30 juillet 2018 relative à la protection des personnes physiques à l'égard des traitements de données à caractère personnel, art. 7",
    BIRD_AND_BIRD,
  ),
  BG: rule(
    14,
    'Personal Data Protection Act (Закон за защита на личните данни), art. 25c',
    'https://gdprhub.eu/index.php?title=Data_Protection_in_Bulgaria',
  ),
  CY: rule(
    14,
    'Law 125(I)/2018 on the protection of natural persons with regard to the processing of personal data, art. 8',
    'https://gdprhub.eu/index.php?oldid=7135&title=Data_Protection_in_Cyprus',
  ),
  CZ: rule(15, 'Act No. 110/2019 Coll. on the processing of personal data, § 7', BIRD_AND_BIRD),
  DE: rule(16, 'No national derogation: Regulation (EU) 2016/679 (GDPR) Art. 8(1)', BIRD_AND_BIRD),
  // 13 until 31 December 2023; raised to 15 by the amendment in force on 1 January 2024.
  DK: rule(
    15,
    'Databeskyttelsesloven § 6, stk. 2, as amended with effect from 1 January 2024',
    'https://gapsolutions.dk/artikel_aendringer_databeskyttelsesloven/',
  ),
  EE: rule(
    13,
    'Isikuandmete kaitse seadus (Personal Data Protection Act) § 8(1)',
    'https://www.betterinternetforkids.eu/web/portal/practice/awareness/detail?articleId=3995196',
  ),
  ES: rule(14, 'Ley Orgánica 3/2018 de Protección de Datos Personales y garantía de los derechos digitales, art. 7', BIRD_AND_BIRD),
  FI: rule(13, 'Tietosuojalaki (Data Protection Act) of 2018', BIRD_AND_BIRD),
  // Under 15 the young person and a holder of parental authority consent together ("conjointement").
  FR: rule(15, 'Loi n° 78-17 du 6 janvier 1978 « Informatique et Libertés », art. 45', BIRD_AND_BIRD, 'parent-and-child'),
  GR: rule(15, 'Law 4624/2019, art. 21', 'https://www.activemind.legal/law/gr-legal-basis/'),
  HR: rule(
    16,
    'Zakon o provedbi Opće uredbe o zaštiti podataka (GDPR Implementation Act, NN 42/2018), art. 19(1)',
    'https://www.javni-sektor.hr/33/misljenja-agencije-za-zastitu-osobnih-podataka-uniqueidmRRWSbk196E4DjKFq6pChCIlnaxBaAPQ5LQVOD7-9vNuQ6ifQaoFHg/?query=Za%B9tita%20osobnih%20podataka&serp=1&version_year=2022&uri_view_type=18',
  ),
  HU: rule(16, 'No national derogation: Regulation (EU) 2016/679 (GDPR) Art. 8(1)', BIRD_AND_BIRD),
  IE: rule(16, 'Data Protection Act 2018, section 31', BIRD_AND_BIRD),
  IT: rule(
    14,
    'Codice in materia di protezione dei dati personali (d.lgs. 196/2003 as amended by d.lgs. 101/2018), art. 2-quinquies',
    BIRD_AND_BIRD,
  ),
  LT: rule(
    14,
    'Law on Legal Protection of Personal Data (Asmens duomenų teisinės apsaugos įstatymas), as amended in force 16 July 2018',
    'https://eu-rep.global/lt-compare-privacy-laws',
  ),
  // The law keeps the GDPR's 16 (no lower age was chosen).
  LU: rule(
    16,
    'Regulation (EU) 2016/679 (GDPR) Art. 8(1), kept at 16 with the Loi du 1er août 2018 portant organisation de la CNPD',
    'https://luxgap.com/lois/rgpd/cons-38/',
  ),
  MT: rule(
    13,
    "Data Protection Act (Cap. 586) with the Processing of Child's Personal Data in Relation to the Offer of Information Society Services Regulations (S.L. 586.11), reg. 4",
    'https://www.alstongdprtracker.com/malta/',
  ),
  NL: rule(16, 'Uitvoeringswet Algemene verordening gegevensbescherming (UAVG), art. 5', BIRD_AND_BIRD),
  PL: rule(
    16,
    'No national derogation: Regulation (EU) 2016/679 (GDPR) Art. 8(1); the Polish data protection act of 2018 sets no lower age',
    'https://uodo.gov.pl/en/680/1395',
  ),
  SE: rule(13, 'Swedish act supplementing the GDPR (dataskyddslagen) of 2018', BIRD_AND_BIRD),
  SK: rule(16, 'Slovak act on the protection of personal data of 2018', BIRD_AND_BIRD),
  SI: rule(
    15,
    'Zakon o varstvu osebnih podatkov (ZVOP-2, Personal Data Protection Act), in force 26 January 2023',
    'https://www.karanovicpartners.com/news/the-novelties-brought-by-the-new-personal-data-protection-act/',
  ),
  // No entry on purpose, so the default 16 applies (decision 062):
  // - PT: Lei 58/2019, art. 16 says 13, but bill 398/XVII (16, passed at first reading on 12 February
  //   2026) was not found enacted or rejected; 16 is not less strict than either.
  // - LV, RO: no source read that names the law and the age (Latvia likely 13; Romania's Senate passed a
  //   "digital majority" law at 16 in October 2025, pending in the Chamber).
  // - CH: the revised FADP sets no age; a minor's capacity of judgement is weighed case by case
  //   (https://www.mekis.ch/recht/kinder-und-jugendliche/Kontrolle-Persoenlichkeitsrechte-Datenschutz.html).
  // European Economic Area outside the EU
  IS: rule(
    13,
    'Act No. 90/2018 on Data Protection and the Processing of Personal Data',
    'https://www.clym.io/regulations/data-protection-and-processing-act-iceland',
  ),
  LI: rule(
    16,
    'No national derogation: Regulation (EU) 2016/679 (GDPR) Art. 8(1) as incorporated into the EEA Agreement',
    'https://www.eliechtensteinensia.li/viewer/fulltext/000438757/139/',
  ),
  // 13 for information society services, but the Datatilsynet: for special categories such as
  // religion the age is always 18. Faith data is what this app keeps, so 18.
  NO: rule(
    18,
    "Personopplysningsloven § 5 with the Datatilsynet's guidance on special categories (religion): 18",
    'https://www.datatilsynet.no/personvern-pa-ulike-omrader/kundehandtering-handel-og-medlemskap/digitale-tjenester-og-forbrukeres-personopplysninger/barn-og-unge-forbrukere/',
  ),
  // United Kingdom
  GB: rule(
    13,
    'UK GDPR Art. 8(1) as set by the Data Protection Act 2018, section 9',
    'https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/childrens-information/children-and-the-uk-gdpr/what-are-the-rules-about-an-iss-and-consent/',
  ),
  // North America
  US: rule(
    13,
    "Children's Online Privacy Protection Act, 15 U.S.C. §§ 6501–6506; FTC rule 16 CFR Part 312 (amended, in force 23 June 2025)",
    'https://thefederalregister.org/documents/2025-05904/children-s-online-privacy-protection-rule',
  ),
  'CA-QC': rule(
    14,
    'Act respecting the protection of personal information in the private sector (CQLR c. P-39.1), s. 4.1, as amended by Law 25',
    'https://watchdogsecurity.io/law25/collection-from-minors',
  ),
  // PIPEDA sets no age. The sign-up asks no province, so Quebec's 14 applies to all of Canada:
  // nobody in Quebec is taken for old enough too early (decision 062).
  CA: rule(
    14,
    "Quebec's P-39.1 s. 4.1 for all of Canada: PIPEDA sets no age and the province is not asked",
    'https://watchdogsecurity.io/law25/collection-from-minors',
  ),
  // Countries the onboarding names
  NG: rule(
    18,
    'Nigeria Data Protection Act 2023, s. 31, with "child" as in the Child\'s Rights Act 2003 (under 18)',
    'https://www.oyemaja.com/post/interrogating-the-nigeria-data-protection-act-2023',
  ),
  ZA: rule(
    18,
    'Protection of Personal Information Act 4 of 2013, ss. 1 ("child": under 18), 34 and 35(1)(a)',
    'https://www.dataguidance.com/opinion/south-africa-processing-childrens-personal',
  ),
};

/**
 * For every other country, and for a country whose law could not be verified: the GDPR's own
 * default (Art. 8(1)), never lower than a verified age it stands in for in Europe.
 */
export const DEFAULT_AGE_OF_DIGITAL_CONSENT = 16;
/** A birth month further back than this many years is refused as a typing mistake. */
export const MAX_AGE_YEARS = 120;

/** The rule for a country (and province, when one is known and has its own law), or null: the default applies. */
export function consentAgeRuleFor(country: string, region?: string | null): ConsentAgeRule | null {
  const code = country.trim().toUpperCase();
  return (region ? consentAgeRules[`${code}-${region.trim().toUpperCase()}`] : undefined) ?? consentAgeRules[code] ?? null;
}

export const ageOfDigitalConsent = (country: string, region?: string | null): number =>
  consentAgeRuleFor(country, region)?.age ?? DEFAULT_AGE_OF_DIGITAL_CONSENT;

/**
 * Age in whole years from a birth month. Without the day, the birthday month itself counts as not
 * reached yet: someone born in November 2011 is 14 for all of November 2026 and 15 from December.
 * So nobody is taken for older than they are (the parental rule errs on the safe side).
 */
export function ageFromBirthMonth(birthYear: number, birthMonth: number, today: Date = new Date()): number {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return year - birthYear - (month <= birthMonth ? 1 : 0);
}

export const BIRTH_MONTH_IN_FUTURE = 'Your month of birth cannot be in the future';
export const BIRTH_MONTH_TOO_EARLY = `Please check your year of birth: more than ${MAX_AGE_YEARS} years ago`;

/** Why a month of birth is refused (in the future, or more than 120 years ago), or null. */
export function birthMonthProblem(birthYear: number, birthMonth: number, today: Date = new Date()): string | null {
  const months = birthYear * 12 + birthMonth - 1;
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (months > now) return BIRTH_MONTH_IN_FUTURE;
  if (months < now - MAX_AGE_YEARS * 12) return BIRTH_MONTH_TOO_EARLY;
  return null;
}

/** True when a parent must agree first: the person is younger than their country's age of digital consent. */
export const needsParentalConsent = (birthYear: number, birthMonth: number, country: string, today: Date = new Date()): boolean =>
  ageFromBirthMonth(birthYear, birthMonth, today) < ageOfDigitalConsent(country);

/**
 * True when the law asks the young person's own consent together with the parent's (France under
 * 15): both are recorded, each marked as one half of a joint consent.
 */
export const needsJointConsent = (birthYear: number, birthMonth: number, country: string, today: Date = new Date()): boolean =>
  needsParentalConsent(birthYear, birthMonth, country, today) && consentAgeRuleFor(country)?.consentBy === 'parent-and-child';
