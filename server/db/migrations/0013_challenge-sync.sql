CREATE TABLE "challenge_days" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"is_done" boolean NOT NULL,
	"active_on" date NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "challenge_days_user_id_course_id_day_pk" PRIMARY KEY("user_id","course_id","day"),
	CONSTRAINT "challenge_days_day_check" CHECK ("challenge_days"."day" between 1 and 21)
);
--> statement-breakpoint
CREATE TABLE "section_reads" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"section" smallint NOT NULL,
	"is_read" boolean NOT NULL,
	"active_on" date NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "section_reads_user_id_lesson_id_section_pk" PRIMARY KEY("user_id","lesson_id","section"),
	CONSTRAINT "section_reads_section_check" CHECK ("section_reads"."section" >= 0)
);
--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "challenge_days" ADD CONSTRAINT "challenge_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_days" ADD CONSTRAINT "challenge_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_reads" ADD CONSTRAINT "section_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_reads" ADD CONSTRAINT "section_reads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_idempotency_idx" ON "assessment_attempts" USING btree ("user_id","idempotency_key");