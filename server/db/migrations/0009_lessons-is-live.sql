ALTER TABLE "lessons" ADD COLUMN "is_live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Lessons retired before this migration carried `retired: true` inside their content. Which lessons
-- are live does not change here, so the triggers that recount progress have nothing to do (and the
-- versions of them in place until server/db/sql is applied still read the old key).
ALTER TABLE "lessons" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "lessons" SET "is_live" = false, "content" = "content" - 'retired' WHERE "content" ? 'retired';--> statement-breakpoint
ALTER TABLE "lessons" ENABLE TRIGGER USER;
