ALTER TABLE "certificates" DROP CONSTRAINT "certificates_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "holder_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;