/**
 * Paths whose last segment is a secret: whoever holds the link can reset a password, confirm an
 * address, answer for a parent, read a child's mentors or a concern's status (issue 25) or unsubscribe someone. The admin outbox shows mails without it, so an
 * admin reading the outbox cannot take over an account (the mail itself still carries the link).
 */
const SECRET_LINK =
  /(\/(?:reset-password|verify-email|confirm-sign-up|parent-consent|parent-mentors|concern-status|unsubscribe|api\/mail\/unsubscribe)\/)[^\s/?#<>"')\]]+/g;

export const HIDDEN_SECRET = '[hidden]';

/** The text with every secret link's token replaced by `[hidden]`. */
export const hideSecretLinks = (text: string): string => text.replace(SECRET_LINK, `$1${HIDDEN_SECRET}`);

/**
 * A stored mail without its secrets: what the outbox keeps once the mail has gone (or will never
 * go), so a database dump or backup holds no usable link (decision 063). The List-Unsubscribe
 * header carries a secret link too.
 */
export function withoutSecrets(mail: { text: string; html: string; headers: Record<string, string> }) {
  return {
    text: hideSecretLinks(mail.text),
    html: hideSecretLinks(mail.html),
    headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, hideSecretLinks(value)])),
  };
}
