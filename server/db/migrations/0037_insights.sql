CREATE TABLE "insight_daily" (
	"metric" text NOT NULL,
	"course" text DEFAULT '' NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"locale" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "insight_daily_metric_course_step_day_locale_country_pk" PRIMARY KEY("metric","course","step","day","locale","country")
);
--> statement-breakpoint
CREATE TABLE "insight_refreshes" (
	"name" text PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_action_created_idx" ON "audit_log" USING btree ("action","created_at");