/**
 * The privacy notice (/privacy) and the retention periods it promises. Raising the version asks
 * every signed-in person to agree again at their next visit (docs/decisions/041).
 */
export const PRIVACY_NOTICE_VERSION = 1;
/** The date the current version was published, shown on the page ("YYYY-MM-DD"). */
export const PRIVACY_NOTICE_DATE = '2026-11-23';

/** A closed callback request keeps its name and phone this many days unless RETENTION_CALLBACK_DAYS says otherwise. */
export const DEFAULT_CALLBACK_RETENTION_DAYS = 90;
/** A declined WatchMoms or ambassador application is deleted this many days after the decision. */
export const DECLINED_APPLICATION_RETENTION_DAYS = 180;
/** An account still waiting for a parent's consent is deleted this many days after sign-up. */
export const PENDING_PARENT_RETENTION_DAYS = 30;
