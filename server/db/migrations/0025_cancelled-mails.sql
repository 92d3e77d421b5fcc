-- A mail replaced before it went out (the parent's consent mail sent again, or to a corrected address) is
-- cancelled instead of sent with a void link (decision 025, amended); the request row names its latest mail.
ALTER TYPE "public"."mail_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "mail_id" uuid;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;