-- The audit log keeps ids and actions, not names, emails or phones (issue 11, decision 012): entries
-- written before that lose them. The admin audit view names people from the live rows instead.
UPDATE "audit_log" SET "details" = "details" - 'email' - 'name' - 'phone' WHERE "details" ?| array['email', 'name', 'phone'];--> statement-breakpoint
-- A callback's assignee was kept with their email beside the id.
UPDATE "audit_log" SET "details" = jsonb_set("details", '{assignedTo}', ("details" -> 'assignedTo') - 'email') WHERE jsonb_typeof("details" -> 'assignedTo') = 'object' AND "details" -> 'assignedTo' ? 'email';--> statement-breakpoint
-- A profile edit kept the old and new names: the field names and the renamed certificates' count stay.
UPDATE "audit_log" SET "details" = "details" - 'from' - 'to' WHERE "action" = 'profile.updated';--> statement-breakpoint
-- A directory export kept the search text (often a name or an email): only whether there was one.
UPDATE "audit_log" SET "details" = ("details" - 'search') || jsonb_build_object('isSearch', coalesce("details" ->> 'search', '') <> '') WHERE "action" = 'directory.exported' AND "details" ? 'search';
