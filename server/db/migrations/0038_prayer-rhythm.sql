CREATE TABLE "prayer_reminder_sends" (
	"user_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_reminder_sends_user_id_occurrence_pk" PRIMARY KEY("user_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "prayer_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"remind_morning" boolean DEFAULT false NOT NULL,
	"remind_midday" boolean DEFAULT false NOT NULL,
	"remind_evening" boolean DEFAULT false NOT NULL,
	"remind_nights" boolean DEFAULT false NOT NULL,
	"morning_minute" smallint NOT NULL,
	"midday_minute" smallint NOT NULL,
	"evening_minute" smallint NOT NULL,
	"quiet_start" smallint NOT NULL,
	"quiet_end" smallint NOT NULL,
	"calendar_token_hash" text,
	"calendar_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prayer_reminder_sends" ADD CONSTRAINT "prayer_reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_settings" ADD CONSTRAINT "prayer_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prayer_reminder_sends_created_idx" ON "prayer_reminder_sends" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_settings_calendar_idx" ON "prayer_settings" USING btree ("calendar_token_hash");--> statement-breakpoint
CREATE INDEX "prayer_settings_reminding_idx" ON "prayer_settings" USING btree ("user_id") WHERE "prayer_settings"."remind_morning" or "prayer_settings"."remind_midday" or "prayer_settings"."remind_evening" or "prayer_settings"."remind_nights";