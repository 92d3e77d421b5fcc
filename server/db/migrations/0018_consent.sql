CREATE TYPE "public"."consent_status" AS ENUM('pending_parent', 'granted');--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"given_by" text NOT NULL,
	"parent_email" text,
	"notice_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parental_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"parent_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"granted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parental_consents_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_year" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_month" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "residence_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_status" "consent_status" DEFAULT 'granted' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "privacy_notice_version" integer;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD CONSTRAINT "parental_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","created_at");