/**
 * A parent's decision the young person cannot make themself (docs/decisions/065).
 *
 * Hours after the young person gave the parent's address before they may give another one: the
 * first address is told in the meantime and can decide.
 */
export const PARENT_EMAIL_CHANGE_WAIT_HOURS = 24;

/**
 * The version of what a parent reads and agrees to (the parent's mail and the page its link opens,
 * in both languages), kept in each parent's consent record. Raise it when that wording changes.
 */
export const PARENT_CONSENT_TEXT_VERSION = 1;
