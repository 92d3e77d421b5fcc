CREATE TABLE "track_days" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"done_on" date NOT NULL,
	"answer" smallint NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_days_user_id_course_id_day_pk" PRIMARY KEY("user_id","course_id","day"),
	CONSTRAINT "track_days_day_check" CHECK ("track_days"."day" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "track_skips" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"skipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_skips_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ALTER COLUMN "challenge" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "kind" text DEFAULT 'course' NOT NULL;--> statement-breakpoint
ALTER TABLE "track_days" ADD CONSTRAINT "track_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_days" ADD CONSTRAINT "track_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_skips" ADD CONSTRAINT "track_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_skips" ADD CONSTRAINT "track_skips_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_kind_check" CHECK ("courses"."kind" in ('course', 'track'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_challenge_check" CHECK (("courses"."kind" = 'course') = ("courses"."challenge" is not null));