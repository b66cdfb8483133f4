ALTER TABLE "events" ADD COLUMN "is_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "certificates_folder" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_live_uq" ON "events" USING btree ("is_live") WHERE "events"."is_live";--> statement-breakpoint
-- The portal served the newest event (by year, then id); that one is live from now on.
UPDATE "events" SET "is_live" = true WHERE "id" = (SELECT "id" FROM "events" ORDER BY "year" DESC, "id" DESC LIMIT 1);
