CREATE TYPE "public"."concern_source" AS ENUM('member', 'parent', 'public');--> statement-breakpoint
CREATE TYPE "public"."concern_status" AS ENUM('received', 'in_review', 'closed');--> statement-breakpoint
CREATE TYPE "public"."link_pause_reason" AS ENUM('approval', 'concern');--> statement-breakpoint
CREATE TABLE "mentor_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"approved_by_id" uuid,
	"checks" text NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" uuid,
	"reminder_sent_at" timestamp with time zone,
	"expiry_handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "safeguarding_concerns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" "concern_source" NOT NULL,
	"raised_by_id" uuid,
	"contact_email" text,
	"status_token_hash" text,
	"about_user_id" uuid,
	"about_name" text,
	"body" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"status" "concern_status" DEFAULT 'received' NOT NULL,
	"opened_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safeguarding_concerns_status_token_hash_unique" UNIQUE("status_token_hash")
);
--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "mentors_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_safeguarding_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mentor_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mentor_pause_reason" "link_pause_reason";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mentor_approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentor_approvals" ADD CONSTRAINT "mentor_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_approvals" ADD CONSTRAINT "mentor_approvals_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_approvals" ADD CONSTRAINT "mentor_approvals_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safeguarding_concerns" ADD CONSTRAINT "safeguarding_concerns_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_approvals_user_idx" ON "mentor_approvals" USING btree ("user_id","approved_at");--> statement-breakpoint
CREATE INDEX "mentor_approvals_expires_idx" ON "mentor_approvals" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "concerns_created_idx" ON "safeguarding_concerns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "concerns_raised_by_idx" ON "safeguarding_concerns" USING btree ("raised_by_id");--> statement-breakpoint
CREATE INDEX "concerns_about_idx" ON "safeguarding_concerns" USING btree ("about_user_id");--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_mentors_token_hash_unique" UNIQUE("mentors_token_hash");