ALTER TABLE "ambassador_applications" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disciple_invitations" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watchmoms_applications" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ambassador_apps_undigested_idx" ON "ambassador_applications" USING btree ("created_at") WHERE "ambassador_applications"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "callback_unalerted_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "callback_unescalated_idx" ON "callback_requests" USING btree ("created_at") WHERE "callback_requests"."status" = 'new' and "callback_requests"."escalated_at" is null;--> statement-breakpoint
CREATE INDEX "watchmoms_undigested_idx" ON "watchmoms_applications" USING btree ("created_at") WHERE "watchmoms_applications"."digested_at" is null;--> statement-breakpoint
-- What existed before staff alerts was handled by hand: it goes in no digest and no escalation.
UPDATE "callback_requests" SET "alerted_at" = "created_at", "escalated_at" = "created_at";--> statement-breakpoint
UPDATE "watchmoms_applications" SET "digested_at" = "created_at";--> statement-breakpoint
UPDATE "ambassador_applications" SET "digested_at" = "created_at";
