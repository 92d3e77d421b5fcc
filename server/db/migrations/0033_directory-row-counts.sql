CREATE TABLE "course_progress_counts" (
	"course_id" uuid NOT NULL,
	"passed_lessons" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "course_progress_counts_course_id_passed_lessons_slot_pk" PRIMARY KEY("course_id","passed_lessons","slot")
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"counter" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_counter_slot_pk" PRIMARY KEY("counter","slot")
);
--> statement-breakpoint
ALTER TABLE "course_progress_counts" ADD CONSTRAINT "course_progress_counts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts as they are now, in slot 0; the triggers (server/db/sql) keep them from here on.
INSERT INTO "row_counts" ("counter", "slot", "n") SELECT 'users', 0, count(*) FROM "users";
--> statement-breakpoint
INSERT INTO "course_progress_counts" ("course_id", "passed_lessons", "slot", "n")
SELECT "course_id", "passed_lessons", 0, count(*) FROM "course_progress" GROUP BY "course_id", "passed_lessons";
