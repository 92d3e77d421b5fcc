CREATE TABLE "second_factor_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "second_factor_failures" ADD CONSTRAINT "second_factor_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "second_factor_failures_last_idx" ON "second_factor_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "second_factor_failures_user_idx" ON "second_factor_failures" USING btree ("user_id");