-- An invitation names its latest mail, so withdrawing or resending it cancels that mail if it has not
-- gone out yet (decision 025, amended).
ALTER TABLE "disciple_invitations" ADD COLUMN "mail_id" uuid;--> statement-breakpoint
ALTER TABLE "disciple_invitations" ADD CONSTRAINT "disciple_invitations_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;