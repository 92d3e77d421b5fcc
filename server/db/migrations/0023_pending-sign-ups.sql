CREATE TABLE "pending_sign_ups" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"browser_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_sign_ups_email_idx" ON "pending_sign_ups" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "pending_sign_ups_expires_idx" ON "pending_sign_ups" USING btree ("expires_at");