CREATE TABLE "consent_child_devices" (
	"user_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_child_devices_user_id_device_hash_pk" PRIMARY KEY("user_id","device_hash")
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "email_set_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "parental_consents" ADD COLUMN "change_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_child_devices" ADD CONSTRAINT "consent_child_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A request made before this migration: its address was given when the request was last sent (the closest the table knew).
UPDATE "parental_consents" SET "email_set_at" = "created_at";
