-- Organisers deactivate staff (issue 16, decision 019). The role stays, so a reactivation gives it
-- back. A session names the account's session generation it was issued in; a deactivation moves
-- the generation on, so the sessions issued before it stay refused even after a reactivation.
ALTER TABLE "customers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "session_generation" integer DEFAULT 0 NOT NULL;
