-- Mails that went out (or never will) keep their text without the secret links' tokens (decision 063):
-- sign-up, password-reset, verification, parent-consent and unsubscribe links stored before this
-- change stop being readable in a database dump. The same pattern as server/modules/mail/secret-links.ts.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", '(/(reset-password|verify-email|confirm-sign-up|parent-consent|unsubscribe|api/mail/unsubscribe)/)[^\s/?#<>"'')\]]+', '\1[hidden]', 'g'),
  "html" = regexp_replace("html", '(/(reset-password|verify-email|confirm-sign-up|parent-consent|unsubscribe|api/mail/unsubscribe)/)[^\s/?#<>"'')\]]+', '\1[hidden]', 'g'),
  "headers" = regexp_replace("headers"::text, '(/(reset-password|verify-email|confirm-sign-up|parent-consent|unsubscribe|api/mail/unsubscribe)/)[^\s/?#<>"'')\]]+', '\1[hidden]', 'g')::jsonb
WHERE "status" IN ('sent', 'failed', 'cancelled');
