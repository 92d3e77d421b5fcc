/**
 * The privacy notice (/privacy) and the retention periods it promises. Raising the version asks
 * every signed-in person to agree again at their next visit (docs/decisions/041).
 */
export const PRIVACY_NOTICE_VERSION = 3;
/** The date the current version was published, shown on the page ("YYYY-MM-DD"). */
export const PRIVACY_NOTICE_DATE = '2026-11-28';

/** A closed callback request keeps its name and phone this many days unless RETENTION_CALLBACK_DAYS says otherwise. */
export const DEFAULT_CALLBACK_RETENTION_DAYS = 90;
/** A declined WatchMoms or ambassador application is deleted this many days after the decision. */
export const DECLINED_APPLICATION_RETENTION_DAYS = 180;
/** An account still waiting for a parent's consent is deleted this many days after sign-up. */
export const PENDING_PARENT_RETENTION_DAYS = 30;
/**
 * A mail that went out (or never will: failed, cancelled) is deleted from the outbox this many days
 * after it was written; a mail still waiting to be sent stays until it goes (decision 063).
 */
export const MAIL_LOG_RETENTION_DAYS = 90;
/** An audit log entry (ids and actions, never names) is deleted this many days after it was written (decision 063). */
export const AUDIT_LOG_RETENTION_DAYS = 730;
/**
 * Safeguarding records (issue 25, docs/decisions/072): an approval to mentor minors and its decisions
 * are deleted this many years after the approval ended; a concern this many years after it was closed.
 * The ministry's own choice, long enough for a later question about a mentor to find what was known.
 */
export const APPROVAL_RETENTION_YEARS = 6;
export const CONCERN_RETENTION_YEARS = 10;

/** A data protection authority a person can complain to (GDPR Art. 13(2)(d)), with where its address was read and when. */
export interface SupervisoryAuthority {
  /** ISO 3166-1 alpha-2 countries it covers. */
  country: string;
  /** Set when it covers only part of the country (Quebec). */
  region?: { en: string; fr: string };
  name: { en: string; fr: string };
  url: string;
  /** The page the name and address were checked against. */
  source: string;
  /** YYYY-MM-DD. */
  verified: string;
}

/**
 * The authorities of the countries the ministry works in most, each checked on its own website on
 * 2026-11-27 (decision 063). Another EU/EEA country: the EDPB's list. Elsewhere: the notice says to
 * write to the ministry. Countries with no authority we could verify are left out, not guessed.
 */
export const SUPERVISORY_AUTHORITIES: readonly SupervisoryAuthority[] = [
  {
    country: 'FR',
    name: {
      en: "CNIL (Commission nationale de l'informatique et des libertés)",
      fr: "CNIL (Commission nationale de l'informatique et des libertés)",
    },
    url: 'https://www.cnil.fr',
    source: 'https://www.cnil.fr (page « Adresser une plainte à la CNIL »)',
    verified: '2026-11-27',
  },
  {
    country: 'BE',
    name: { en: 'Data Protection Authority (APD/GBA)', fr: 'Autorité de protection des données (APD)' },
    url: 'https://www.autoriteprotectiondonnees.be/citoyen/agir/introduire-une-plainte',
    source: 'https://www.autoriteprotectiondonnees.be/citoyen/agir/introduire-une-plainte',
    verified: '2026-11-27',
  },
  {
    country: 'LU',
    name: { en: 'National Data Protection Commission (CNPD)', fr: 'Commission nationale pour la protection des données (CNPD)' },
    url: 'https://cnpd.public.lu/en/particuliers/faire-valoir.html',
    source: 'https://cnpd.public.lu/en/particuliers/faire-valoir.html',
    verified: '2026-11-27',
  },
  {
    country: 'CH',
    name: {
      en: 'Federal Data Protection and Information Commissioner (FDPIC)',
      fr: 'Préposé fédéral à la protection des données et à la transparence (PFPDT)',
    },
    url: 'https://www.edoeb.admin.ch',
    source: 'https://www.edoeb.admin.ch/en/latest-news',
    verified: '2026-11-27',
  },
  {
    country: 'IE',
    name: { en: 'Data Protection Commission (DPC)', fr: 'Data Protection Commission (DPC)' },
    url: 'https://www.dataprotection.ie',
    source: 'https://dataprotection.ie/en/about-our-site/data-protection-statement',
    verified: '2026-11-27',
  },
  {
    country: 'GB',
    name: { en: "Information Commissioner's Office (ICO)", fr: "Information Commissioner's Office (ICO)" },
    url: 'https://ico.org.uk/make-a-complaint/data-protection-complaints',
    source: 'https://ico.org.uk/make-a-complaint/data-protection-complaints',
    verified: '2026-11-27',
  },
  {
    country: 'CA',
    name: { en: 'Office of the Privacy Commissioner of Canada', fr: 'Commissariat à la protection de la vie privée du Canada' },
    url: 'https://www.priv.gc.ca',
    source: 'https://www.priv.gc.ca/complaint-plainte/index_e.asp',
    verified: '2026-11-27',
  },
  {
    country: 'CA',
    region: { en: 'Quebec', fr: 'Québec' },
    name: { en: "Commission d'accès à l'information du Québec", fr: "Commission d'accès à l'information du Québec" },
    url: 'https://www.cai.gouv.qc.ca',
    source:
      'https://www.priv.gc.ca/complaint-plainte/index_e.asp (Quebec has its own private-sector law) and https://myprivacyrights.ca/tools/complaint-template (cai.gouv.qc.ca)',
    verified: '2026-11-27',
  },
];

/** The European Data Protection Board's list of every EU/EEA authority, by language. */
export const EDPB_MEMBERS_URL = {
  en: 'https://www.edpb.europa.eu/about-edpb/about-edpb/members_en',
  fr: 'https://www.edpb.europa.eu/about-edpb/about-edpb/members_fr',
} as const;
