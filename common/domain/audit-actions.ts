/**
 * Every action the server writes to the audit log, by id. The `audit_log.action` column is typed
 * with this list (server/db/schema), so an entry with an id not listed here does not compile; the
 * admin console labels each id in en and fr (admin.json `audit.actions`, checked by a test) and
 * offers the list as the log's action filter.
 */
export const auditActions = [
  // The admin console
  'admin.read',
  'admin.refused',
  'admin.action-refused',
  'user.role_changed',
  'user.responder_changed',
  'user.deactivated',
  'user.reactivated',
  'directory.exported',
  'callback.updated',
  'watchmoms.updated',
  'ambassador_application.approved',
  'ambassador_application.declined',
  'mentoring.mentor_set',
  'mentoring.mentor_asked',
  // Accounts: erasure by an admin, the person, a parent or the retention job
  'account.deleted',
  'retention.applied',
  // The person's own account and security
  'profile.updated',
  'password.reset',
  'password.changed',
  'sessions.ended',
  'mfa.enabled',
  'mfa.disabled',
  'mfa.recovery-codes',
  'mfa.recovery-code-used',
  'mfa.failed',
  // Parental consent
  'consent.parent_mail_resent',
  'consent.parent_email_changed',
  'consent.parent_email_change_held',
  // Mentoring links
  'mentoring.request_accepted',
  'mentoring.request_declined',
  'mentoring.invitation_accepted',
  'mentoring.invitation_declined',
  'mentoring.mentor_left',
  'mentoring.disciple_removed',
  // Safeguarding (issue 25): ids and dates only, never what a concern says
  'safeguarding.lead_changed',
  'safeguarding.approved',
  'safeguarding.approval_revoked',
  'safeguarding.approval_expired',
  'safeguarding.link_refused',
  'safeguarding.link_paused',
  'safeguarding.link_resumed',
  'safeguarding.concern_raised',
  'safeguarding.concern_opened',
  'safeguarding.concern_status',
  'safeguarding.parent_link_sent',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Opening a list of personal data: written on every page an admin views, so the log can hide them. */
export const LIST_VIEW_ACTION = 'admin.read' satisfies AuditAction;
