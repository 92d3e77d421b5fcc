ALTER TABLE "watchmoms_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "watchmoms_declined_idx" ON "watchmoms_applications" USING btree ("decided_at") WHERE "watchmoms_applications"."status" = 'declined';--> statement-breakpoint
-- Applications decided before this column existed: their last change came at or after the decision, so the retention clock never starts early.
UPDATE "watchmoms_applications" SET "decided_at" = "updated_at" WHERE "status" IN ('approved', 'declined');
