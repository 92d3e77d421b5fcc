DROP INDEX "users_name_key_idx";--> statement-breakpoint
DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text GENERATED ALWAYS AS (public.app_full_name_key(first_name, last_name)) STORED;--> statement-breakpoint
CREATE INDEX "users_name_key_idx" ON "users" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name_key" gin_trgm_ops);