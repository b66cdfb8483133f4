-- Organisers deactivate staff (issue 16, decision 019). The role stays, so a reactivation gives it
-- back; sessions issued up to sessions_revoked_at stay refused even after a reactivation.
ALTER TABLE "customers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sessions_revoked_at" timestamp with time zone;
