CREATE TYPE "public"."contact_method" AS ENUM('call', 'sms', 'whatsapp');--> statement-breakpoint
ALTER TABLE "callback_requests" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "contact_method" "contact_method" DEFAULT 'call' NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "is_voicemail_safe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "good_time" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "callback_closed_idx" ON "callback_requests" USING btree ("closed_at") WHERE "callback_requests"."name" is not null;--> statement-breakpoint
-- Requests closed before this column existed: their last change came at or after the closing, so the retention clock never starts early.
UPDATE "callback_requests" SET "closed_at" = "updated_at" WHERE "status" = 'closed';