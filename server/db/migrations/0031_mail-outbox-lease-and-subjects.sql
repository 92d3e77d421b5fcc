ALTER TABLE "mail_outbox" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "about_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING gin ("about_user_ids");--> statement-breakpoint
-- Mails written before this change name nobody yet; those still linked to what caused them get the
-- account they name (an invitation's mentor, the child of a parent's consent mail). Older digests and
-- encouragements cannot be told apart: they go with the mail log's retention (decision 067).
UPDATE "mail_outbox" SET "about_user_ids" = ARRAY[i."mentor_id"] FROM "disciple_invitations" i WHERE i."mail_id" = "mail_outbox"."id";--> statement-breakpoint
UPDATE "mail_outbox" SET "about_user_ids" = ARRAY[p."user_id"] FROM "parental_consents" p WHERE p."mail_id" = "mail_outbox"."id";
