/**
 * Query keys, general to specific, so that a prefix invalidates a whole area. Each feature keeps its
 * own factory in its api/ folder (`courseKeys`, `adminKeys`, `mentoringKeys`); the keys here are
 * those of data that several features read or make stale.
 */
export const sharedKeys = {
  currentUser: ['current-user'] as const,
  publicConfig: ['public-config'] as const,
  /** Everything about the signed-in user's disciples; adding a disciple makes all of it stale. */
  mentoring: ['mentoring'] as const,
  /** The counts behind the dashboard's "disciples mentored" card. */
  disciplesSummary: ['mentoring', 'summary'] as const,
};

/** The options part of a key for data that comes in the interface language. */
export interface LangOption {
  lang: string;
}

/** True for keys of data in a given language (they carry a `{ lang }` part): they reload when the language changes. */
export const isLanguageDependentKey = (queryKey: readonly unknown[]): boolean =>
  queryKey.some((part) => typeof part === 'object' && part !== null && 'lang' in part);
