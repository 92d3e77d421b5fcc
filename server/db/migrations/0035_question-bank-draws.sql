CREATE TABLE "assessment_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"questions" jsonb NOT NULL,
	"bank_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD COLUMN "draw_id" uuid;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD COLUMN "draw" jsonb;--> statement-breakpoint
ALTER TABLE "assessment_draws" ADD CONSTRAINT "assessment_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_draws" ADD CONSTRAINT "assessment_draws_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draws_user_assessment_idx" ON "assessment_draws" USING btree ("user_id","assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_draw_idx" ON "assessment_attempts" USING btree ("draw_id");