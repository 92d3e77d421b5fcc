ALTER TABLE "certificates" ADD COLUMN "holder_renamed_at" timestamp with time zone;--> statement-breakpoint
-- Certificates renamed before this column existed: the profile edit's audit entry counts the certificates it renamed.
UPDATE "certificates" AS c SET "holder_renamed_at" = a.renamed_at
FROM (
  SELECT "target_id", max("created_at") AS renamed_at FROM "audit_log"
  WHERE "action" = 'profile.updated' AND coalesce(("details" ->> 'renamedCertificates')::int, 0) > 0
  GROUP BY "target_id"
) AS a
WHERE a."target_id" = c."user_id"::text AND a.renamed_at > c."created_at" AND c."holder_name" IS NOT NULL;
